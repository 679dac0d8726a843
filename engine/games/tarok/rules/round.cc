#include "engine/games/tarok/rules/round.h"

#include <cstdlib>

namespace kibitzer::tarok {

Round::Round(const Rules& rules, const DealCards& deal) : rules_(rules), deal_(deal) {
  for (int p = 0; p < deal.players; ++p) hands_[p] = deal.known[p] ? deal.hands[p] : 0;
}

Round::Round(const Rules& rules, const DealCards& deal, Contract contract, int declarer)
    : Round(rules, deal) {
  auction_ = false;
  FinishBidding(contract, declarer);
}

int Round::ToMove() const {
  switch (phase_) {
    case Phase::kBidding:
      return bidder_;
    case Phase::kNaming:
      return high_holder_;
    case Phase::kKing:
    case Phase::kTalon:
    case Phase::kDiscard:
      return declarer_;
    case Phase::kPlay:
      return play_.ToMove();
    case Phase::kDone:
      break;
  }
  return -1;
}

Mask Round::TakenGroup() const {
  if (talon_group_ < 0) return 0;
  const int k = TalonTake(contract_);
  Mask m = 0;
  for (int i = talon_group_ * k; i < (talon_group_ + 1) * k; ++i) {
    if (deal_.talon[i] >= 0) m |= Bit(deal_.talon[i]);
  }
  return m;
}

int Round::NextBidder(int after) const {
  const int n = players();
  for (int i = 1; i <= n; ++i) {
    const int p = (after + i) % n;
    if (!passed_[p]) return p;
  }
  return after;
}

bool Round::OthersPassed(int p) const {
  for (int q = 0; q < players(); ++q) {
    if (q != p && !passed_[q]) return false;
  }
  return true;
}

std::vector<Move> Round::BiddingMoves() const {
  std::vector<Move> out;
  const int p = bidder_;
  // The solo contracts only with four players.
  auto offered = [&](Contract c) { return players() == 4 || !IsFourPlayerSolo(c); };
  if (phase_ == Phase::kNaming) {
    for (int c = static_cast<int>(high_bid_); c < kNumContracts; ++c) {
      if (offered(static_cast<Contract>(c))) out.push_back(Move::Bid(static_cast<Contract>(c)));
    }
    return out;
  }
  if (OthersPassed(p)) {
    for (int c = 0; c < kNumContracts; ++c) {
      if (offered(static_cast<Contract>(c))) out.push_back(Move::Bid(static_cast<Contract>(c)));
    }
    return out;
  }
  out.push_back(Move{Move::kPass});
  for (int c = static_cast<int>(Contract::kTwo); c < kNumContracts; ++c) {
    const Contract bid = static_cast<Contract>(c);
    if (!offered(bid)) continue;
    if (high_holder_ >= 0 && (bid < high_bid_ || (bid == high_bid_ && p > high_holder_))) continue;
    out.push_back(Move::Bid(bid));
  }
  return out;
}

std::vector<Move> Round::LegalMoves(Mask unseen) const {
  std::vector<Move> out;
  switch (phase_) {
    case Phase::kBidding:
    case Phase::kNaming:
      return BiddingMoves();
    case Phase::kKing:
      for (Mask m = kKings; m != 0; m &= m - 1) out.push_back(Move::Card(Lowest(m)));
      return out;
    case Phase::kTalon:
      for (int g = 0; g < 6 / TalonTake(contract_); ++g) out.push_back(Move::Talon(g));
      return out;
    case Phase::kDiscard: {
      if (!deal_.known[declarer_]) {
        out.push_back(Move{Move::kHiddenCard});
        for (int c = 1; c < kMond; ++c) {
          if (unseen & Bit(c)) out.push_back(Move::Card(c));
        }
        return out;
      }
      const Mask hand = hands_[declarer_];
      Mask allowed = hand & ~kKings & ~kTrula & ~kTaroks;
      if (allowed == 0) allowed = hand & ~kKings & ~kTrula;
      for (Mask m = allowed; m != 0; m &= m - 1) out.push_back(Move::Card(Lowest(m)));
      return out;
    }
    case Phase::kPlay: {
      const int p = play_.ToMove();
      Mask legal;
      if (deal_.known[p]) {
        legal = play_.Legal();
      } else {
        legal = unseen;
        for (int g = 0; g < 5; ++g) {
          if (voids_[p] & (1 << g)) legal &= ~GroupMask(g);
        }
      }
      for (Mask m = legal; m != 0; m &= m - 1) out.push_back(Move::Card(Lowest(m)));
      return out;
    }
    case Phase::kDone:
      break;
  }
  return out;
}

void Round::FinishBidding(Contract c, int declarer) {
  contract_ = c;
  declarer_ = c == Contract::kKlop ? -1 : declarer;
  if (CallsKing(c, players())) {
    phase_ = Phase::kKing;
  } else if (TalonTake(c) > 0) {
    phase_ = Phase::kTalon;
  } else {
    StartPlay();
  }
}

void Round::StartPlay() {
  std::array<Mask, kMaxPlayers> piles{};
  std::array<Mask, kMaxPlayers> hands{};
  for (int p = 0; p < players(); ++p) hands[p] = deal_.known[p] ? hands_[p] : 0;
  Mask talon = 0;
  for (int8_t c : deal_.talon) {
    if (c >= 0) talon |= Bit(c);
  }
  std::array<int8_t, 6> klop_talon;
  klop_talon.fill(-1);
  Mask rest = 0;
  if (contract_ == Contract::kKlop) {
    klop_talon = deal_.talon;
  } else {
    // What the declarer does not take counts for the opponents.
    piles[declarer_] = discards_;
    rest = talon & ~TakenGroup();
  }
  int leader = 0;
  const bool declarer_leads =
      contract_ == Contract::kBeggar || contract_ == Contract::kSoloWithout ||
      contract_ == Contract::kOpenBeggar || IsValat(contract_) || rules_.declarer_leads;
  if (contract_ != Contract::kKlop && declarer_leads) leader = declarer_;
  play_ = PlayState(players(), contract_, declarer_, hands, leader, klop_talon, piles, rest);
  if (called_king_ >= 0) play_.CallKing(called_king_, (TakenGroup() & Bit(called_king_)) != 0);
  play_start_ = play_;
  phase_ = Phase::kPlay;
}

void Round::Apply(Move m) {
  const int p = ToMove();
  switch (phase_) {
    case Phase::kBidding: {
      const bool others_passed = OthersPassed(p);
      if (m.code == Move::kPass) {
        passed_[p] = true;
        int remaining = 0;
        int last = -1;
        for (int q = 0; q < players(); ++q) {
          if (!passed_[q]) {
            ++remaining;
            last = q;
          }
        }
        if (remaining == 1 && high_holder_ == last) {
          phase_ = Phase::kNaming;
          bidder_ = last;
        } else {
          bidder_ = NextBidder(p);
        }
      } else if (others_passed) {
        FinishBidding(m.contract(), p);
      } else {
        high_bid_ = m.contract();
        high_holder_ = p;
        bidder_ = NextBidder(p);
      }
      return;
    }
    case Phase::kNaming:
      FinishBidding(m.contract(), p);
      return;
    case Phase::kKing:
      called_king_ = m.code;
      phase_ = Phase::kTalon;
      return;
    case Phase::kTalon:
      talon_group_ = m.code - Move::kTalonBase;
      if (deal_.known[p]) hands_[p] |= TakenGroup();
      discards_left_ = TalonTake(contract_);
      phase_ = Phase::kDiscard;
      return;
    case Phase::kDiscard:
      if (m.code == Move::kHiddenCard) {
        ++hidden_discards_;
      } else {
        discards_ |= Bit(m.code);
        hands_[p] &= ~Bit(m.code);
      }
      if (--discards_left_ == 0) StartPlay();
      return;
    case Phase::kPlay: {
      const int c = m.code;
      if (play_.CardsInTrick() > 0) {
        const int led = GroupOf(play_.TrickCard(0));
        if (GroupOf(c) != led) {
          voids_[p] |= static_cast<uint8_t>(1 << led);
          if (c >= kSuitBase) voids_[p] |= static_cast<uint8_t>(1 << kTarokGroup);
        }
      }
      played_[p] |= Bit(c);
      hands_[p] &= ~Bit(c);
      cards_played_.push_back(static_cast<int8_t>(c));
      if (deal_.known[p]) {
        play_.Play(c);
      } else {
        play_.PlayHidden(c);
      }
      if (play_.IsOver()) phase_ = Phase::kDone;
      return;
    }
    case Phase::kDone:
      return;
  }
}

int Round::CardPoints(int p) const { return CountCards(play_.SideWon(p)); }

std::array<int, kMaxPlayers> Round::Scores() const {
  std::array<int, kMaxPlayers> out{};
  if (phase_ != Phase::kDone) return out;
  const int n = players();
  if (contract_ == Contract::kKlop) {
    // Every player at the limit or over it scores -70 (two can be, at 35 with klop_limit 35).
    bool over = false;
    for (int p = 0; p < n; ++p) {
      if (CardPoints(p) >= rules_.klop_limit) {
        out[p] = -70;
        over = true;
      }
    }
    if (over) return out;
    for (int p = 0; p < n; ++p) {
      if (play_.TricksWon(p) == 0) {
        out = {};
        out[p] = 70;
        return out;
      }
    }
    for (int p = 0; p < n; ++p) out[p] = -CardPoints(p);
    return out;
  }
  const int d = declarer_;
  const int multiplier = rules_.kontra * (rules_.radelc ? 2 : 1);
  const int value = rules_.Value(contract_);
  int score;
  if (!IsNormal(contract_)) {
    const bool made =
        IsBeggar(contract_) ? play_.TricksWon(d) == 0 : play_.TricksWon(d) == play_.Tricks();
    score = made ? value : -value;
  } else {
    int opponent = 0;
    while (play_.OnDeclarerSide(opponent)) ++opponent;
    score = NormalScore(play_.SideWon(d), play_.SideWon(opponent));
  }
  for (int p = 0; p < n; ++p) {
    if (play_.OnDeclarerSide(p)) out[p] = score * multiplier;
  }
  return out;
}

// The declarer's side's score in three, two, one, their solos and solo without, from the cards
// each side won.
int Round::NormalScore(Mask mine, Mask theirs) const {
  int side_tricks = 0;
  for (int p = 0; p < players(); ++p) {
    if (play_.OnDeclarerSide(p)) side_tricks += play_.TricksWon(p);
  }
  const int announced_valat = (rules_.announced & kBonusValat) ? 2 : 1;
  if (side_tricks == play_.Tricks()) return 250 * announced_valat;
  if (side_tricks == 0 && play_.TricksDone() == play_.Tricks()) return -250 * announced_valat;
  const int points = CountCards(mine);
  int diff = std::abs(points - 35);
  if (rules_.round_difference) diff = (diff + 2) / 5 * 5;
  int score = points >= 36 ? rules_.Value(contract_) + diff : -(rules_.Value(contract_) + diff);
  auto bonus = [&](Bonus b, int v, int achieved /* +1 declarer, -1 opponents, 0 none */) {
    if (rules_.announced & b) {
      score += achieved > 0 ? 2 * v : -2 * v;
    } else {
      score += achieved * v;
    }
  };
  auto holder = [&](Mask set) { return (mine & set) == set ? 1 : (theirs & set) == set ? -1 : 0; };
  bonus(kBonusTrula, 10, holder(kTrula));
  bonus(kBonusKings, 10, holder(kKings));
  const bool last_trick = play_.TricksDone() == play_.Tricks();
  auto ultimo = [&](int card) {
    if (!last_trick || (play_.LastTrick() & Bit(card)) == 0) return 0;
    return play_.OnDeclarerSide(play_.LastTrickWinner()) ? 1 : -1;
  };
  // Pagat ultimo: pagat wins the last trick (for the side that played it).
  int pagat = 0;
  if (last_trick && play_.LastWinningCard() == kPagat) {
    pagat = play_.OnDeclarerSide(play_.LastTrickWinner()) ? 1 : -1;
  }
  bonus(kBonusPagatUltimo, 25, pagat);
  // King ultimo (four players): the called king in the last trick, for the side that wins it.
  if (play_.called_king() >= 0) bonus(kBonusKingUltimo, 10, ultimo(play_.called_king()));
  if (rules_.announced & kBonusValat) score -= 500;
  bool opponents_dealt_mond = false;
  for (int p = 0; p < players(); ++p) {
    if (!play_.OnDeclarerSide(p) && deal_.known[p] && (deal_.hands[p] & Bit(kMond))) {
      opponents_dealt_mond = true;
    }
  }
  if (!opponents_dealt_mond && (theirs & Bit(kMond))) score -= rules_.mond_penalty;
  return score;
}

}  // namespace kibitzer::tarok
