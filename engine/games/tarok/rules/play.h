// The card play of one tarok game: trick legality for every contract, trick winners, the klop talon
// gift and the early ends of the beggars and valats. A small trivially copyable value: the solver
// copies it down the tree (copy-make), so there is no undo and no allocation.
#pragma once

#include <array>
#include <cstdint>

#include "engine/games/tarok/rules/cards.h"
#include "engine/games/tarok/rules/rules.h"

namespace kibitzer::tarok {

// Three players (16 cards each) or four (12 each, with a called king's holder as the declarer's
// secret partner). kPlayers and kTricks are the three-player game's; arrays hold kMaxPlayers.
constexpr int kPlayers = 3;
constexpr int kTricks = 16;
constexpr int kMaxPlayers = 4;
// Cards a player is dealt (and tricks in a game) with `players` at the table.
constexpr int CardsPerHand(int players) { return 48 / players; }

// The player `k` places after `p` (both 0..n-1): (p + k) % n, without the division that costs
// the search at every card.
constexpr int SeatAfter(int p, int k, int n) { return p + k >= n ? p + k - n : p + k; }

class PlayState {
 public:
  PlayState() = default;
  // Play starts with `players` hands (48 / players cards each after the talon exchange),
  // `leader` to lead. The declarer is -1 in klop. `klop_talon` lists the talon cards in order
  // (klop gives them to the winners of the first six tricks; -1 for a card not known). `piles`
  // are the cards each player counts before play (the declarer's discards); `rest`, the talon
  // cards that count for the declarer's opponents.
  PlayState(int players, Contract contract, int declarer,
            const std::array<Mask, kMaxPlayers>& hands, int leader,
            const std::array<int8_t, 6>& klop_talon, const std::array<Mask, kMaxPlayers>& piles,
            Mask rest = 0);
  // Four players: the declarer called `king` (-1: none, as in the solo contracts). Its holder
  // other than the declarer is his partner, known as soon as its hand is (or it is played). When
  // the king is among the talon cards the declarer took, winning a trick with it brings him the
  // talon's other cards (`rest`).
  void CallKing(int king, bool king_from_talon);

  int players() const { return players_; }
  // Tricks in the game (and cards in a hand at the start of play).
  int Tricks() const { return CardsPerHand(players_); }
  // The player `k` places after `p`.
  int After(int p, int k) const { return SeatAfter(p, k, players_); }
  Contract contract() const { return contract_; }
  int declarer() const { return declarer_; }
  // The called king's holder, the declarer's partner; -1 when he has none or it is not known.
  int partner() const { return partner_; }
  int called_king() const { return called_king_; }
  // Whether `p` plays on the declarer's side (the declarer or his partner).
  bool OnDeclarerSide(int p) const { return p == declarer_ || (p == partner_ && p >= 0); }
  // Whether `a` and `b` play on one side (in klop each plays alone).
  bool SameSide(int a, int b) const {
    if (contract_ == Contract::kKlop) return a == b;
    return OnDeclarerSide(a) == OnDeclarerSide(b);
  }
  // The cards the side of `p` has won (in klop, his own): the declarer's side, or its
  // opponents with the talon cards that count for them.
  Mask SideWon(int p) const;
  // The cards the declarer and his partner have won (not in klop).
  Mask DeclarerWon() const { return won_[declarer_] | (partner_ >= 0 ? won_[partner_] : 0); }
  // The talon cards that count for the declarer's opponents.
  Mask rest() const { return rest_; }
  int ToMove() const { return to_move_; }
  int leader() const { return leader_; }
  int TricksDone() const { return tricks_done_; }
  int CardsInTrick() const { return in_trick_; }
  int TrickCard(int i) const { return trick_[i]; }
  Mask TrickMask() const { return trick_mask_; }
  Mask hand(int p) const { return hands_[p]; }
  Mask won(int p) const { return won_[p]; }
  int TricksWon(int p) const { return tricks_won_[p]; }
  int LastTrickWinner() const { return last_winner_; }
  // The winner of the trick of `tricks_done` (0-based) and the card that won it, kept for the last.
  int LastWinningCard() const { return last_winning_card_; }
  // The cards of the last complete trick.
  Mask LastTrick() const { return last_trick_; }
  bool IsOver() const { return over_; }

  // Cards `to_move` may play now (non-empty unless the game is over).
  Mask Legal() const { return LegalCards(hands_[to_move_]); }
  // The legal cards of a hand of the player to move (for a hand only partly known, its
  // candidates).
  Mask LegalCards(Mask hand) const;
  // Plays `card` (which must be legal) for the player to move.
  void Play(int card);
  // Like Play for a player whose hand is not known: takes `card` as held.
  void PlayHidden(int card) {
    hands_[to_move_] |= Bit(card);
    Play(card);
  }

  // Completing a position seen from one seat with sampled cards: a hidden hand, cards that count
  // for a player (hidden discards), a klop talon card not yet known.
  void SetHand(int p, Mask hand) { hands_[p] = hand; }
  // After SetHand: the partner is the holder of the called king, when it is not played yet.
  void ResolvePartner();
  void AddToPile(int p, Mask cards) { won_[p] |= cards; }
  void SetKlopTalon(int i, int card) { klop_talon_[i] = static_cast<int8_t>(card); }
  int KlopTalon(int i) const { return klop_talon_[i]; }

  // The index (0 = the lead) of the card winning the first `n` cards of a trick so far.
  static int WinningIndex(Contract contract, const int8_t* cards, int n);
  // Whether `card` beats `winning`, the card winning a trick led with `lead` so far (the trula's
  // capture of a complete trick aside).
  static bool Beats(Contract contract, int card, int winning, int lead) {
    const bool taroks_win = !(contract == Contract::kColourValat && lead >= kSuitBase);
    const bool c_tarok = card < kSuitBase && taroks_win;
    const bool w_tarok = winning < kSuitBase && taroks_win;
    if (c_tarok) return !w_tarok || card > winning;
    return !w_tarok && GroupOf(card) == GroupOf(lead) && card > winning;
  }
  // The cards that would beat `winning`, the best card so far of a trick led with `lead` (of a
  // legal card c, Beats(contract, c, winning, lead) is whether Beaters(...) holds c).
  static Mask Beaters(Contract contract, int winning, int lead) {
    const bool taroks_win = !(contract == Contract::kColourValat && lead >= kSuitBase);
    const Mask above = ~((Bit(winning) << 1) - 1);
    if (winning < kSuitBase && taroks_win) return kTaroks & above;
    return (GroupMask(GroupOf(lead)) & above) | (taroks_win ? kTaroks : 0);
  }
  // The index of the card winning the trick in progress (0 when it is empty).
  int WinningNow() const { return winning_; }
  // The winner of a complete trick of `players` cards led by `leader`, in play order.
  static int TrickWinner(Contract contract, const int8_t* cards, int leader, int players);

 private:
  void FinishTrick();

  std::array<Mask, kMaxPlayers> hands_{};
  std::array<Mask, kMaxPlayers> won_{};
  Mask rest_ = 0;
  Mask king_talon_ = 0;  // the talon cards the called king, taken from the talon, wins
  std::array<int8_t, 6> klop_talon_{};
  int8_t trick_[kMaxPlayers] = {-1, -1, -1, -1};
  Mask trick_mask_ = 0;
  Mask last_trick_ = 0;
  std::array<uint8_t, kMaxPlayers> tricks_won_{};
  Contract contract_ = Contract::kKlop;
  int8_t players_ = 3;
  int8_t declarer_ = -1;
  int8_t partner_ = -1;
  int8_t called_king_ = -1;
  int8_t leader_ = 0;
  int8_t to_move_ = 0;
  int8_t in_trick_ = 0;
  int8_t winning_ = 0;  // the index of the card winning the trick in progress
  int8_t tricks_done_ = 0;
  int8_t last_winner_ = -1;
  int8_t last_winning_card_ = -1;
  bool over_ = false;
};

}  // namespace kibitzer::tarok
