// The card play of one tarok game: trick legality for every contract, trick winners, the klop talon
// gift and the early ends of the beggars and valats. A small trivially copyable value: the solver
// copies it down the tree (copy-make), so there is no undo and no allocation.
#pragma once

#include <array>
#include <cstdint>

#include "engine/games/tarok/cards.h"
#include "engine/games/tarok/rules.h"

namespace kibitzer::tarok {

constexpr int kPlayers = 3;
constexpr int kTricks = 16;

// The player `k` places after `p` (both 0..2): (p + k) % kPlayers, without the division that
// costs the search at every card.
constexpr int SeatAfter(int p, int k) { return p + k >= kPlayers ? p + k - kPlayers : p + k; }

class PlayState {
 public:
  PlayState() = default;
  // Play starts with `hands` (16 cards each after the talon exchange), `leader` to lead. The
  // declarer is -1 in klop. `klop_talon` lists the talon cards in order (klop gives them to the
  // winners of the first six tricks; -1 for a card not known). `piles` are the cards each player
  // counts before play (the declarer's discards, the talon given to an opponent, ...).
  PlayState(Contract contract, int declarer, const std::array<Mask, kPlayers>& hands, int leader,
            const std::array<int8_t, 6>& klop_talon, const std::array<Mask, kPlayers>& piles);

  Contract contract() const { return contract_; }
  int declarer() const { return declarer_; }
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
  // The winner of a complete trick led by `leader` with `cards` in play order.
  static int TrickWinner(Contract contract, const int8_t cards[3], int leader);

 private:
  void FinishTrick();

  std::array<Mask, kPlayers> hands_{};
  std::array<Mask, kPlayers> won_{};
  std::array<int8_t, 6> klop_talon_{};
  int8_t trick_[3] = {-1, -1, -1};
  Mask trick_mask_ = 0;
  std::array<uint8_t, kPlayers> tricks_won_{};
  Contract contract_ = Contract::kKlop;
  int8_t declarer_ = -1;
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
