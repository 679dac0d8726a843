// Bounds of the double-dummy solver at the start of a trick: the tricks the side on lead can
// cash at once (quick tricks) and the tricks the other side is sure of later (later tricks), each
// with the cards whose ranks it relied on. The rules follow those DDS describes (Haglund and
// Hein, "Search Algorithms for a Bridge Double Dummy Solver"), in a formulation of our own.
#include <algorithm>
#include <bit>

#include "engine/games/bridge/dd/dd_bits.h"
#include "engine/games/bridge/dd/dd_solver.h"

namespace kibitzer::bridge {

using dd::Bit;
using dd::Bottom;
using dd::Lane;
using dd::Top;
using dd::TopRun;

namespace {

// The cards of `mine` (the leader's, in one suit) it can cash one after another, highest first:
// those above every card of the opponents, until partner (`partner`, playing its lowest) would
// have to overtake and take the lead.
uint64_t CashableRun(uint64_t mine, uint64_t partner, uint64_t opponents) {
  uint64_t run = TopRun(mine, opponents);
  uint64_t out = 0;
  while (run != 0) {
    const int card = Top(run);
    if (partner != 0) {
      const int low = Bottom(partner);
      if (low > card) break;
      partner &= partner - 1;
    }
    out |= Bit(card);
    run &= ~Bit(card);
  }
  return out;
}

struct Cash {
  int tricks = 0;
  uint64_t relevant = 0;  // the cards that win by rank
  unsigned suits = 0;     // the suits cashed in, one bit each
  int rounds[4] = {};     // tricks cashed in each suit
};

// Tricks `leader` cashes at once from its own hand in the suits of `allowed` (one bit per suit):
// top trumps first, then the top cards of the other suits, as many rounds as an opponent who
// still has trumps keeps following. Once the top cards have drawn every other card of a suit,
// the rest of the leader's cards in it are winners too (in a side suit only when the opponents
// have no trumps left). Only as many tricks as `needed` are backed by relevant cards (trumps
// always are: they stop ruffs).
Cash CashFromHand(const uint64_t* hands, int trump, int leader, int needed, unsigned allowed) {
  const uint64_t live = hands[0] | hands[1] | hands[2] | hands[3];
  const uint64_t mine = hands[leader];
  const int lho = NextSeat(leader), rho = (leader + 3) & 3;
  const uint64_t partner = hands[Partner(leader)];
  const uint64_t opponents = hands[lho] | hands[rho];
  Cash cash;
  // Whether every other hand is out of the suit once `rounds` rounds have been cashed.
  auto drawn = [&](uint64_t lane, int rounds) {
    return std::popcount(partner & lane) <= rounds && std::popcount(hands[lho] & lane) <= rounds &&
           std::popcount(hands[rho] & lane) <= rounds;
  };
  bool lho_ruffs = false, rho_ruffs = false;
  if (trump != kNoTrump) {
    const uint64_t lane = Lane(trump);
    int n = 0;
    if ((allowed & (1u << trump)) != 0) {
      const uint64_t run = CashableRun(mine & lane, partner & lane, opponents & lane);
      n = std::popcount(run);
      if (n > 0 && drawn(lane, n)) n = std::popcount(mine & lane);
      if (n > 0) cash.suits |= 1u << trump;
      cash.rounds[trump] = n;
      cash.tricks += n;
      cash.relevant |= run;
    }
    lho_ruffs = std::popcount(hands[lho] & lane) > n;
    rho_ruffs = std::popcount(hands[rho] & lane) > n;
  }
  for (int s = 0; s < 4; ++s) {
    if (s == trump || (allowed & (1u << s)) == 0) continue;
    const uint64_t lane = Lane(s);
    const uint64_t run = CashableRun(mine & lane, partner & lane, opponents & lane);
    int n = std::popcount(run);
    if (n == 0) continue;
    if (!lho_ruffs && !rho_ruffs && drawn(lane, n)) n = std::popcount(mine & lane);
    if (lho_ruffs) n = std::min(n, std::popcount(hands[lho] & lane));
    if (rho_ruffs) n = std::min(n, std::popcount(hands[rho] & lane));
    if (n == 0) continue;
    const int take = std::min(n, needed - cash.tricks);
    if (take > 0 && (live & lane & ~mine) != 0) cash.relevant |= dd::TopCards(run, take);
    cash.tricks += n;
    cash.rounds[s] = n;
    cash.suits |= 1u << s;
  }
  cash.tricks = std::min(cash.tricks, std::popcount(mine));
  return cash;
}

// Whether an opponent of `seat`, void in side suit `s`, can ruff a lead of it.
bool Ruffable(const uint64_t* hands, int trump, int seat, int s) {
  if (trump == kNoTrump || s == trump) return false;
  for (const int opp : {NextSeat(seat), (seat + 3) & 3}) {
    if ((hands[opp] & Lane(s)) == 0 && (hands[opp] & Lane(trump)) != 0) return true;
  }
  return false;
}

}  // namespace

int DoubleDummySolver::QuickTricks(int leader, int needed, uint64_t& relevant) const {
  relevant = 0;
  {
    // Every count below takes its tricks in suits whose top card the leader's side holds, at
    // most as many in each as its longer hand has cards (or one ruff by partner): when that
    // falls short of what is needed, none of them can reach it.
    const uint64_t live = hands_[0] | hands_[1] | hands_[2] | hands_[3];
    const uint64_t ours = hands_[leader] | hands_[Partner(leader)];
    int most = 0;
    for (int s = 0; s < 4; ++s) {
      const uint64_t lane = live & Lane(s);
      if (lane == 0 || (ours & Bit(Top(lane))) == 0) continue;
      most += std::max(std::popcount(hands_[leader] & lane),
                       std::popcount(hands_[Partner(leader)] & lane));
    }
    if (std::max(most, 1) < needed) return 0;
  }
  const Cash own = CashFromHand(hands_, trump_, leader, needed, 0xF);
  relevant = own.relevant;
  int best = own.tricks;
  if (best >= needed) return best;
  // Then lead a small card to partner's top card in a suit the leader has not cashed, and cash
  // partner's tricks in the suits left: partner keeps them if it has enough other cards to play
  // to the leader's tricks. Also tried with no cashing first.
  const int partner = Partner(leader);
  const uint64_t live = hands_[0] | hands_[1] | hands_[2] | hands_[3];
  auto via_partner = [&](const Cash& first) {
    const unsigned rest = 0xF & ~first.suits;
    for (int s = 0; s < 4; ++s) {
      const uint64_t lane = Lane(s);
      const uint64_t mine = hands_[leader] & lane;
      if (mine == 0 || Ruffable(hands_, trump_, leader, s)) continue;
      int entry = -1, entry_tricks = 0;
      if ((first.suits & (1u << s)) == 0) {
        // A suit the leader has not cashed, where partner holds the top card.
        const int top = Top(live & lane);
        if ((hands_[partner] & Bit(top)) != 0) entry = top;
      } else if (s != trump_) {
        // A suit the leader cashed (its relevant cards are its top cards): partner's top card
        // is still above the opponents' and the leader's lowest card after those rounds (Ax
        // opposite Kx), and no opponent is out of the suit by then.
        const int rounds = first.rounds[s];
        const uint64_t partner_cards = hands_[partner] & lane;
        const int lho = NextSeat(leader), rho = (leader + 3) & 3;
        const uint64_t opp = (hands_[lho] | hands_[rho]) & lane;
        if (std::popcount(mine) > rounds && std::popcount(partner_cards) > rounds &&
            std::popcount(hands_[lho] & lane) > rounds &&
            std::popcount(hands_[rho] & lane) > rounds && Top(partner_cards) > Top(opp) &&
            Top(partner_cards) > Bottom(mine)) {
          entry = Top(partner_cards);
          entry_tricks = 1;
        }
      }
      if (entry < 0) continue;
      const int sure = first.tricks + entry_tricks;
      const Cash then = CashFromHand(hands_, trump_, partner, needed - sure, rest);
      const int spare = std::popcount(hands_[partner]) - sure;
      const int total = sure + std::max(0, std::min(then.tricks, spare));
      if (total > best) {
        best = total;
        relevant = first.relevant | then.relevant | Bit(entry);
      }
      if (entry_tricks == 0) return;
    }
  };
  via_partner(own);
  if (own.tricks > 0 && best < needed) via_partner(Cash{});
  if (best < needed) {
    // A suit only the leader's side holds (and no opponent can ruff): as many tricks in a row
    // as the shorter hand has cards, whoever wins them. Lengths alone decide it.
    const uint64_t opponents = hands_[NextSeat(leader)] | hands_[(leader + 3) & 3];
    const bool opp_trumps = trump_ != kNoTrump && (opponents & Lane(trump_)) != 0;
    for (int s = 0; s < 4; ++s) {
      const uint64_t lane = Lane(s);
      if ((opponents & lane) != 0 || (opp_trumps && s != trump_)) continue;
      const int n =
          std::min(std::popcount(hands_[leader] & lane), std::popcount(hands_[partner] & lane));
      if (n > best) {
        best = n;
        relevant = 0;
      }
    }
  }
  if (best == 0 && trump_ != kNoTrump && (hands_[partner] & Lane(trump_)) != 0) {
    // Partner ruffs a side suit it is void in, where no opponent can overruff by being void.
    for (int s = 0; s < 4; ++s) {
      const uint64_t lane = Lane(s);
      if (s == trump_ || (hands_[leader] & lane) == 0 || (hands_[partner] & lane) != 0) continue;
      if (Ruffable(hands_, trump_, leader, s)) continue;
      relevant = 0;  // lengths alone decide it
      return 1;
    }
  }
  return best;
}

int DoubleDummySolver::LaterTricks(uint64_t& relevant) const {
  relevant = 0;
  const uint64_t live = hands_[0] | hands_[1] | hands_[2] | hands_[3];
  const int lho = NextSeat(leader_), rho = (leader_ + 3) & 3;
  const uint64_t ours = hands_[leader_] | hands_[Partner(leader_)];
  const uint64_t defenders = hands_[lho] | hands_[rho];
  if (trump_ != kNoTrump && (live & Lane(trump_)) != 0) {
    const uint64_t trumps = live & Lane(trump_);
    const int lho_len = std::popcount(hands_[lho] & trumps);
    const int rho_len = std::popcount(hands_[rho] & trumps);
    int best = 0;
    // With no trumps on the side on lead, every trump of the longer defender takes a trick.
    if ((ours & trumps) == 0) best = std::max(lho_len, rho_len);
    const int top = Top(trumps);
    const uint64_t below_top = trumps & ~Bit(top);
    const int second = below_top != 0 ? Top(below_top) : -1;
    if ((defenders & Bit(top)) != 0) {
      // Top trumps of one defender each take a trick sooner or later.
      const int holder = (hands_[lho] & Bit(top)) != 0 ? lho : rho;
      const uint64_t run = TopRun(hands_[holder] & trumps, trumps & ~hands_[holder]);
      if (std::popcount(run) > best) {
        best = std::popcount(run);
        relevant = run;
      }
      // The top two trumps split between the defenders, one of them guarded: two tricks.
      if (best < 2 && second >= 0 && (hands_[holder ^ 2] & Bit(second)) != 0 &&
          (lho_len > 1 || rho_len > 1)) {
        best = 2;
        relevant = Bit(top) | Bit(second);
      }
    } else if (best == 0 && second >= 0 && (defenders & Bit(second)) != 0) {
      // A guarded second trump sitting over the top trump takes a trick; so does it under the
      // top trump when the defenders hold the third one too.
      const int hh = (hands_[lho] & Bit(second)) != 0 ? lho : rho;
      if (std::popcount(hands_[hh] & trumps) > 1) {
        const uint64_t below_second = below_top & ~Bit(second);
        if ((hands_[(hh + 3) & 3] & Bit(top)) != 0) {
          best = 1;
          relevant = Bit(second);
        } else if (below_second != 0 && (defenders & Bit(Top(below_second))) != 0) {
          best = 1;
          relevant = Bit(Top(below_second));
        }
      }
    }
    return best;
  }
  // No trumps left: if the defenders top every suit the leader can lead, they take a trick now.
  uint64_t tops = 0;
  bool all_topped = true;
  int ours_sum = 0;  // the most tricks the side on lead can take in the suits it tops
  uint64_t their_tops = 0;
  for (int s = 0; s < 4; ++s) {
    const uint64_t lane = live & Lane(s);
    if (lane == 0) continue;
    const int top = Top(lane);
    if ((defenders & Bit(top)) != 0) {
      if ((hands_[leader_] & Lane(s)) != 0) tops |= Bit(top);
      const int holder = (hands_[lho] & Bit(top)) != 0 ? lho : rho;
      if ((lane & ~hands_[holder]) != 0) their_tops |= Bit(top);
    } else {
      if ((hands_[leader_] & Lane(s)) != 0) all_topped = false;
      ours_sum += std::max(std::popcount(hands_[leader_] & Lane(s)),
                           std::popcount(hands_[Partner(leader_)] & Lane(s)));
    }
  }
  if (all_topped) {
    relevant = tops;
    return 1;
  }
  // The side on lead wins tricks only in the suits it tops while the defenders keep their top
  // cards: fewer of those than tricks left leaves the defenders one.
  if (ours_sum < std::popcount(hands_[leader_])) {
    relevant = their_tops;
    return 1;
  }
  return 0;
}

}  // namespace kibitzer::bridge
