// What the bridge module tells clients about itself: notation, options and values.
#include "engine/games/bridge/bridge_game.h"
#include "engine/search/monte_carlo.h"

namespace kibitzer::bridge {

core::GameInfo MakeBridgeInfo() {
  using core::OptionSpec;
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
  info.position_options = {
      OptionSpec::Enum("trump", "N", {"S", "H", "D", "C", "N"},
                       "The strain: a suit, or N for no trump (set by the contract when given)."),
      OptionSpec::Enum("leader", "W", {"N", "E", "S", "W"},
                       "The seat that leads the trick the notation starts at (with a contract and "
                       "13-card hands: declarer's left-hand opponent)."),
      OptionSpec::String("contract",
                         "The contract, e.g. 4H, 3NTX, 6SXX; needs the declarer. Sets the strain; "
                         "with it Monte Carlo reports the chance of making and the score."),
      OptionSpec::String("declarer", "Declarer's seat: N, E, S or W."),
      OptionSpec::Enum("vulnerable", "None", {"None", "NS", "EW", "All"},
                       "Vulnerability, for scores."),
      OptionSpec::Enum("dealer", "N", {"N", "E", "S", "W"},
                       "The dealer, for par (the IMPs objective)."),
  };
  info.search_options = {
      OptionSpec::Enum("objective", "make", {"make", "tricks", "score", "imps"},
                       "Monte Carlo ranking: make (probability of making, or of defeating the "
                       "contract, then mean tricks), tricks, score (expected duplicate score) or "
                       "imps (expected IMPs against the double-dummy par of each layout; costs a "
                       "full table per sample)."),
      OptionSpec::String(
          "constraints",
          "Monte Carlo: a script in the language of the dealer program (predeal, hcp, shape, "
          "hascard, ...) the sampled layouts must satisfy, e.g. \"hcp(west) >= 12\"."),
  };
  for (OptionSpec& o : search::MonteCarloOptionSpecs()) info.search_options.push_back(std::move(o));
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
