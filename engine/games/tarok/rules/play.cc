#include "engine/games/tarok/rules/play.h"

namespace kibitzer::tarok {

PlayState::PlayState(int players, Contract contract, int declarer,
                     const std::array<Mask, kMaxPlayers>& hands, int leader,
                     const std::array<int8_t, 6>& klop_talon,
                     const std::array<Mask, kMaxPlayers>& piles, Mask rest)
    : hands_(hands),
      won_(piles),
      rest_(rest),
      klop_talon_(klop_talon),
      contract_(contract),
      players_(static_cast<int8_t>(players)),
      declarer_(static_cast<int8_t>(declarer)),
      leader_(static_cast<int8_t>(leader)),
      to_move_(static_cast<int8_t>(leader)) {}

void PlayState::CallKing(int king, bool king_from_talon) {
  called_king_ = static_cast<int8_t>(king);
  king_talon_ = king_from_talon ? rest_ : 0;
  ResolvePartner();
}

void PlayState::ResolvePartner() {
  if (called_king_ < 0) return;
  for (int p = 0; p < players_; ++p) {
    if (hands_[p] & Bit(called_king_)) {
      partner_ = static_cast<int8_t>(p == declarer_ ? -1 : p);
      return;
    }
  }
}

Mask PlayState::SideWon(int p) const {
  if (contract_ == Contract::kKlop) return won_[p];
  if (OnDeclarerSide(p)) return DeclarerWon();
  Mask m = rest_;
  for (int q = 0; q < players_; ++q) {
    if (!OnDeclarerSide(q)) m |= won_[q];
  }
  return m;
}

Mask PlayState::LegalCards(Mask hand) const {
  if (in_trick_ == 0) {
    // Where one must beat, pagat is legal only as the only card (a lead included).
    return MustBeat(contract_) && hand != Bit(kPagat) ? hand & ~Bit(kPagat) : hand;
  }
  const int led = GroupOf(trick_[0]);
  const Mask led_mask = GroupMask(led);
  Mask legal;
  if (hand & led_mask) {
    legal = hand & led_mask;
  } else if (hand & kTaroks) {
    legal = hand & kTaroks;
  } else {
    return hand;
  }
  if (!MustBeat(contract_)) return legal;
  const Mask taroks_in_trick = trick_mask_ & kTaroks;
  if (legal & kTaroks) {
    // Taroks (led, or played when void): beat the highest tarok in the trick when possible.
    if (taroks_in_trick != 0) {
      const Mask above = legal & ~((Bit(Highest(taroks_in_trick)) << 1) - 1);
      if (above != 0) legal = above;
    }
    if ((legal & Bit(kPagat)) && (trick_mask_ & Bit(kMond)) && (trick_mask_ & Bit(kSkis))) {
      return Bit(kPagat);
    }
    if (legal != Bit(kPagat)) legal &= ~Bit(kPagat);
    return legal;
  }
  // Following a suit: beat its highest card unless a tarok is in the trick.
  if (taroks_in_trick == 0) {
    const Mask above = legal & ~((Bit(Highest(trick_mask_ & led_mask)) << 1) - 1);
    if (above != 0) legal = above;
  }
  return legal;
}

int PlayState::WinningIndex(Contract contract, const int8_t* cards, int n) {
  const bool suit_led = cards[0] >= kSuitBase;
  const bool taroks_win = !(contract == Contract::kColourValat && suit_led);
  int best = 0;
  for (int i = 1; i < n; ++i) {
    if (Beats(contract, cards[i], cards[best], cards[0])) best = i;
  }
  // The trula's capture: with pagat, mond and škis all in the trick, pagat wins it (no card
  // still to come in a trick of four changes that).
  if (n >= 3 && taroks_win) {
    Mask all = 0;
    for (int i = 0; i < n; ++i) all |= Bit(cards[i]);
    if ((all & kTrula) == kTrula) {
      for (int i = 0; i < n; ++i) {
        if (cards[i] == kPagat) best = i;
      }
    }
  }
  return best;
}

int PlayState::TrickWinner(Contract contract, const int8_t* cards, int leader, int players) {
  return SeatAfter(leader, WinningIndex(contract, cards, players), players);
}

void PlayState::Play(int card) {
  hands_[to_move_] &= ~Bit(card);
  trick_[in_trick_] = static_cast<int8_t>(card);
  trick_mask_ |= Bit(card);
  if (in_trick_ > 0 && Beats(contract_, card, trick_[winning_], trick_[0])) winning_ = in_trick_;
  ++in_trick_;
  if (card == called_king_ && to_move_ != declarer_) partner_ = to_move_;
  to_move_ = static_cast<int8_t>(After(to_move_, 1));
  if (in_trick_ == players_) FinishTrick();
}

void PlayState::FinishTrick() {
  // The trula's capture is the one case the running winner does not cover.
  const int index =
      (trick_mask_ & kTrula) == kTrula ? WinningIndex(contract_, trick_, players_) : winning_;
  const int winner = After(leader_, index);
  last_winning_card_ = trick_[index];
  won_[winner] |= trick_mask_;
  last_trick_ = trick_mask_;
  if (king_talon_ != 0 && trick_[index] == called_king_) {
    // The called king from the talon brings its holder the talon's other cards.
    won_[winner] |= king_talon_;
    rest_ &= ~king_talon_;
    king_talon_ = 0;
  }
  if (contract_ == Contract::kKlop && tricks_done_ < 6 && klop_talon_[tricks_done_] >= 0) {
    won_[winner] |= Bit(klop_talon_[tricks_done_]);
  }
  ++tricks_won_[winner];
  ++tricks_done_;
  last_winner_ = static_cast<int8_t>(winner);
  leader_ = to_move_ = static_cast<int8_t>(winner);
  in_trick_ = 0;
  winning_ = 0;
  trick_mask_ = 0;
  trick_[0] = trick_[1] = trick_[2] = trick_[3] = -1;
  if (tricks_done_ == Tricks()) {
    over_ = true;
  } else if (IsBeggar(contract_) && winner == declarer_) {
    over_ = true;
  } else if (IsValat(contract_) && winner != declarer_) {
    over_ = true;
  }
}

}  // namespace kibitzer::tarok
