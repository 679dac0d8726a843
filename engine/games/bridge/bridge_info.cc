// What the bridge module tells clients about itself: notation, options and values.
#include "engine/games/bridge/bridge_game.h"
#include "engine/games/bridge/bridge_options.h"
#include "engine/search/monte_carlo.h"

namespace kibitzer::bridge {

namespace {
const std::vector<std::pair<std::string, int>> kSeats = {
    {"N", kNorth}, {"E", kEast}, {"S", kSouth}, {"W", kWest}};
}  // namespace

const core::OptionSet<PositionOptions>& PositionOptionSet() {
  using O = PositionOptions;
  static const core::OptionSet<O> kSet =
      core::OptionSet<O>()
          .Enum("trump", &O::trump, "N",
                {{"S", kSpades}, {"H", kHearts}, {"D", kDiamonds}, {"C", kClubs}, {"N", kNoTrump}},
                "The strain: a suit, or N for no trump (set by the contract when given).")
          .Enum("leader", &O::leader, "W", kSeats,
                "The seat that leads the trick the notation starts at (with a contract and 13-card "
                "hands: declarer's left-hand opponent).")
          .String("contract", &O::contract,
                  "The contract, e.g. 4H, 3NTX, 6SXX; needs the declarer. Sets the strain; with it "
                  "Monte Carlo reports the chance of making and the score.")
          .String("declarer", &O::declarer, "Declarer's seat: N, E, S or W.")
          .Enum("vulnerable", &O::vulnerable, "None",
                {{"None", Vulnerability::kNone},
                 {"NS", Vulnerability::kNorthSouth},
                 {"EW", Vulnerability::kEastWest},
                 {"All", Vulnerability::kBoth}},
                "Vulnerability, for scores.")
          .Enum("dealer", &O::dealer, "N", kSeats, "The dealer, for par (the IMPs objective).");
  return kSet;
}

const core::OptionSet<SearchOptions>& SearchOptionSet() {
  using O = SearchOptions;
  static const core::OptionSet<O> kSet =
      core::OptionSet<O>()
          .Enum(
              "objective", &O::objective, "make",
              {{"make", Objective::kMake},
               {"tricks", Objective::kTricks},
               {"score", Objective::kScore},
               {"imps", Objective::kImps}},
              "Monte Carlo ranking: make (probability of making, or of defeating the contract, "
              "then mean tricks), tricks, score (expected duplicate score) or imps (expected IMPs "
              "against the double-dummy par of each layout; costs a full table per sample).")
          .String("constraints", &O::constraints,
                  "Monte Carlo: a script in the language of the dealer program (predeal, hcp, "
                  "shape, hascard, ...) the sampled layouts must satisfy, e.g. \"hcp(west) >= "
                  "12\".")
          .Include(&O::monte_carlo, search::MonteCarloOptionSet());
  return kSet;
}

core::GameInfo MakeBridgeInfo() {
  core::GameInfo info;
  info.name = "bridge";
  info.display_name = "Contract bridge";
  info.description =
      "Card play. A full layout is analysed double-dummy: the tricks the side to move takes with "
      "best play by all four hands, for every legal card. A seat's view (Position.seat set, or "
      "hands given as '-') is analysed by Monte Carlo: layouts consistent with what the seat knows "
      "(and a dealer script in the search option 'constraints') are sampled and each solved "
      "double-dummy; every card gets its mean tricks, probability of making or defeating the "
      "contract and expected score, with standard errors.";
  info.variants = {{"standard", "duplicate bridge card play"}};
  info.position_options = PositionOptionSet().specs();
  info.search_options = SearchOptionSet().specs();
  info.position_notation =
      "The four hands in PBN at the start of a trick: the first seat, a colon, then the hands "
      "clockwise, each spades.hearts.diamonds.clubs with ranks AKQJT98765432 (\"10\" and lower "
      "case accepted), '-' for a hand not known, e.g. \"N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 "
      "J876.KJ852.5.Q76 T5.T97.K87.AT984\" or \"N:- - J876.KJ852.5.Q76 -\". Hands may hold fewer "
      "than 13 cards, all the same number. Cards played from there go in moves. Or a game "
      "record: a PBN game with tags (Deal, which may have '-' hands; Contract and Declarer or an "
      "Auction; Vulnerable; Dealer; a Play section, which may stop mid-trick) or a BBO LIN record "
      "(md, sv, mb, pc).";
  info.example_position = "N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984";
  info.move_notation = "A card: suit letter then rank, e.g. SA, HT, D2 (H10 accepted).";
  info.seats = {"N", "E", "S", "W"};
  info.hidden_information = true;
  info.value_description =
      "Full layout: tricks the side to move takes from here on, the trick in progress included, "
      "with double-dummy play by all four hands. Seat's view: the objective's mean over the "
      "sampled layouts (make: probability of making, or for the defenders of defeating, the "
      "contract; tricks; score; imps); the other measures are in each move's metrics.";
  return info;
}

}  // namespace kibitzer::bridge
