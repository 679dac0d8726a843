// `kibitz siu` driven through every command of SIU draft 0.2 (a session with the engine in this
// process), its transcript checked: the handshake, isready mid-search, stop, one bestmove per go,
// provenance before the first result, the error codes, and each mode's lines.
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <regex>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "clients/cli/siu/siu_session.h"
#include "engine/analysis/game_registry.h"
#include "engine/games/scrabble/rules/tiles.h"
#include "gtest/gtest.h"

namespace kibitzer::cli::siu {
namespace {

const char* const kEmpty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";
// MAGPIE's README pre-endgame (one tile in the bag) and the CGP spec's endgame (the bag empty).
const char* const kPeg =
    "15/3Q7U3/3U2TAURINE2/1CHANSONS2W3/2AI6JO3/DIRL1PO3IN3/E1D2EF3V4/F1I2p1TRAIK3/O1L2T4E4/"
    "ABy1PIT2BRIG2/ME1MOZELLE5/1GRADE1O1NOH3/WE3R1V7/AT5E7/G6D7 ENOSTXY/ACEISUY 356/378 0";
const char* const kEndgame =
    "5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/AT1FOLIA4V2/"
    "LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 IKLMTZ/AEINRU? 0/0 0";

// The session's output, and a wait for a line (a liveness guard of a minute, not a timing).
class Transcript {
 public:
  void Add(const std::string& line) {
    std::lock_guard<std::mutex> lock(mu_);
    lines_.push_back(line);
    cv_.notify_all();
  }
  // Every line written since the last Take, up to and including the first that starts with
  // `until` (waited for); empty `until`: what is there now.
  std::vector<std::string> Take(const std::string& until = "") {
    std::unique_lock<std::mutex> lock(mu_);
    std::vector<std::string> out;
    const auto has = [&] {
      for (const std::string& l : lines_) {
        if (absl::StartsWith(l, until)) return true;
      }
      return false;
    };
    if (!until.empty()) {
      EXPECT_TRUE(cv_.wait_for(lock, std::chrono::minutes(1), has)) << until;
    }
    while (!lines_.empty()) {
      out.push_back(lines_.front());
      lines_.pop_front();
      if (!until.empty() && absl::StartsWith(out.back(), until)) break;
    }
    return out;
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> lines_;
};

class Siu : public ::testing::Test {
 protected:
  Siu()
      : session_([](const std::string& dir) { return MakeInProcessTransport(2, dir); },
                 analysis::GameSettings::DefaultLexiconDir(), false,
                 [this](const std::string& line) { out_.Add(line); }) {}

  // Sends `line`; the lines written until one starting with `until` (none: those written now).
  std::vector<std::string> Send(const std::string& line, const std::string& until = "") {
    EXPECT_TRUE(session_.HandleLine(line));
    return out_.Take(until);
  }
  // A go to its bestmove: the lines, checked for one bestmove and provenance first.
  std::vector<std::string> Go(const std::string& line) {
    std::vector<std::string> lines = Send(line, "bestmove");
    EXPECT_FALSE(lines.empty());
    size_t provenance = lines.size(), first_result = lines.size(), bestmoves = 0;
    for (size_t i = 0; i < lines.size(); ++i) {
      if (absl::StartsWith(lines[i], "info string provenance ") && provenance == lines.size()) {
        provenance = i;
      }
      for (const char* kind :
           {"info gen ", "info sim ", "info infer ", "info endgame ", "info peg "}) {
        if (absl::StartsWith(lines[i], kind) && first_result == lines.size()) first_result = i;
      }
      bestmoves += absl::StartsWith(lines[i], "bestmove");
    }
    EXPECT_EQ(bestmoves, 1u);
    EXPECT_LT(provenance, lines.size()) << "no provenance";
    if (first_result < lines.size()) {
      EXPECT_LT(provenance, first_result);
    }
    // Nothing more comes after the bestmove.
    EXPECT_TRUE(Send("isready", "readyok") == std::vector<std::string>{"readyok"});
    return lines;
  }
  static std::vector<std::string> Starting(const std::vector<std::string>& lines,
                                           const std::string& prefix) {
    std::vector<std::string> out;
    for (const std::string& l : lines) {
      if (absl::StartsWith(l, prefix)) out.push_back(l);
    }
    return out;
  }
  static std::string Field(const std::string& line, const std::string& name) {
    const std::vector<std::string> t = absl::StrSplit(line, ' ');
    for (size_t i = 0; i + 1 < t.size(); ++i) {
      if (t[i] == name) return t[i + 1];
    }
    return "";
  }

  Transcript out_;
  Session session_;
};

TEST_F(Siu, HandshakeListsCapabilitiesAndWellFormedOptions) {
  const std::vector<std::string> lines = Send("siu", "siuok");
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "siuok");
  EXPECT_EQ(Starting(lines, "id name ").size(), 1u);
  EXPECT_EQ(Starting(lines, "id author ").size(), 1u);
  EXPECT_EQ(Starting(lines, "capability "),
            std::vector<std::string>{"capability gen sim infer endgame peg auto stream stop"});
  const std::regex option(
      R"(option name (\S.*?) type (check|spin|combo|button|string)( default \S+)?( min -?\d+ max -?\d+)?( var \S+)*)");
  const std::vector<std::string> options = Starting(lines, "option ");
  EXPECT_GE(options.size(), 6u);
  for (const std::string& o : options) EXPECT_TRUE(std::regex_match(o, option)) << o;
  for (const char* reserved : {"Lexicon", "Threads", "EndgameHash", "ChallengeRule", "DataPath"}) {
    EXPECT_EQ(Starting(lines, std::string("option name ") + reserved + " ").size(), 1u) << reserved;
  }
}

TEST_F(Siu, IdleCommandsAndErrorsLeaveTheEngineAnswering) {
  EXPECT_EQ(Send("isready", "readyok"), std::vector<std::string>{"readyok"});
  EXPECT_EQ(Send("stop"), std::vector<std::string>{});  // idle: nothing to stop
  EXPECT_EQ(Send("joho frobnicate"),
            std::vector<std::string>{"info string error unknown-command 'joho'"});
  // go before any position: no-position, and no search.
  const std::vector<std::string> go = Send("go gen");
  ASSERT_EQ(go.size(), 1u);
  EXPECT_TRUE(absl::StartsWith(go[0], "info string error no-position")) << go[0];
  EXPECT_TRUE(Starting(Send("isready", "readyok"), "bestmove").empty());
  // A malformed CGP, an illegal move, a mode not declared, a setoption of no option.
  std::vector<std::string> e = Send("position cgp 15/15 AB/ 0/0 0");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_TRUE(absl::StartsWith(e[0], "info string error bad-position ")) << e[0];
  e = Send(std::string("position cgp ") + kEmpty + " AEINRST/ 0/0 0 moves 8H.QZX");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_TRUE(absl::StartsWith(e[0], "info string error bad-move ")) << e[0];
  e = Send(std::string("position cgp ") + kEmpty + " AEINRST/ 0/0 0 moves 8h");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_TRUE(absl::StartsWith(e[0], "info string error bad-move '8h'")) << e[0];
  EXPECT_TRUE(Send(std::string("position cgp ") + kEmpty + " AEINRST/ 0/0 0").empty());
  e = Send("go ponder");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_TRUE(absl::StartsWith(e[0], "info string error unsupported-mode 'ponder'")) << e[0];
  e = Send("setoption name Hash value 16");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_TRUE(absl::StartsWith(e[0], "info string error unknown-command ")) << e[0];
  EXPECT_EQ(Send("setoption name Threads value 9999"),
            std::vector<std::string>{"info string ignored Threads value '9999': is not a whole "
                                     "number from 1 to 256"});
  // A line past the bound is refused, and echoed text is cut and escaped.
  e = Send(std::string(70000, 'x'));
  ASSERT_EQ(e.size(), 1u);
  EXPECT_LT(e[0].size(), 200u);
  e = Send("\x01\x02 zap");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].find('\x01'), std::string::npos) << e[0];
  EXPECT_EQ(Send("isready", "readyok"), std::vector<std::string>{"readyok"});
}

TEST_F(Siu, UnknownLexiconGivesWayToTheEnginesAndProvenanceSaysSo) {
  const std::vector<std::string> e =
      Send(std::string("position cgp ") + kEmpty + " AEINRST/ 0/0 0 lex CSW21;");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_TRUE(absl::StartsWith(e[0], "info string error bad-position unknown lexicon 'CSW21'"))
      << e[0];
  const std::vector<std::string> p = Starting(Go("go gen"), "info string provenance ");
  ASSERT_EQ(p.size(), 1u);
  EXPECT_NE(p[0].find(" lexicon=SCOWL80"), std::string::npos) << p[0];
  EXPECT_NE(p[0].find(" engine=kibitzer/"), std::string::npos) << p[0];
}

TEST_F(Siu, GenListsPlaysByEquityWithTheirLeaves) {
  Send("setoption name GenCount value 5");
  Send(std::string("position cgp ") + kEmpty + " AEIQRST/ 0/0 0");
  const std::vector<std::string> lines = Go("go gen movetime 100");
  EXPECT_EQ(Starting(lines, "info string ignored movetime").size(), 1u);  // gen does not search
  const std::vector<std::string> gen = Starting(lines, "info gen move ");
  ASSERT_EQ(gen.size(), 5u);
  double last = 1e9;
  for (const std::string& l : gen) {
    // The tiles played and the leave make the rack.
    const std::string move = Field(l, "move");
    const std::vector<std::string> parts = absl::StrSplit(move, '.');
    ASSERT_EQ(parts.size(), 2u) << l;
    const std::string leave = Field(l + " ", "leave");
    std::string tiles = parts[1] + leave;
    std::sort(tiles.begin(), tiles.end());
    EXPECT_EQ(tiles, "AEIQRST") << l;
    const double eq = std::stod(Field(l, "eq"));
    EXPECT_LE(eq, last) << l;
    last = eq;
  }
  EXPECT_EQ(Starting(lines, "bestmove ").front(), "bestmove " + Field(gen.front(), "move"));
}

TEST_F(Siu, SimStreamsEveryCandidateWithStandardErrorsAndTheAddedMove) {
  Send("setoption name SimCandidates value 4");
  Send(std::string("position cgp ") + kEmpty + " AEINRST/ 0/0 0");
  const std::vector<std::string> lines =
      Go("go sim iterations 20 depth 1 stopcondition 99 alsosearchmoves 8G.AT");
  std::vector<std::string> sim = Starting(lines, "info sim move ");
  ASSERT_GE(sim.size(), 5u);
  const std::regex line(
      R"(info sim move \S+ wp [0-9.]+ wpse [0-9.]+ eq -?[0-9.]+ eqse [0-9.]+ iters \d+)");
  for (const std::string& l : sim) EXPECT_TRUE(std::regex_match(l, line)) << l;
  // The last report: the four candidates and the move added, 20 iterations each at most.
  sim.erase(sim.begin(), sim.end() - 5);
  bool added = false;
  for (const std::string& l : sim) {
    added |= Field(l, "move") == "8G.AT";
    EXPECT_LE(std::stoi(Field(l, "iters")), 20) << l;
  }
  EXPECT_TRUE(added);
  EXPECT_TRUE(Starting(lines, "info string ignored").empty());
}

TEST_F(Siu, IsreadyIsAnsweredMidSearchAndStopEndsItWithOneBestmove) {
  Send(std::string("position cgp ") + kEmpty + " AEINRST/ 0/0 0");
  ASSERT_TRUE(session_.HandleLine("go infinite"));
  // The search runs; isready is answered at once without ending it.
  const std::vector<std::string> mid = Send("isready", "readyok");
  EXPECT_TRUE(Starting(mid, "bestmove").empty());
  EXPECT_EQ(Starting(Send("go gen"), "info string error unknown-command").size(), 1u);
  const std::vector<std::string> end = Send("stop", "bestmove");
  EXPECT_EQ(Starting(end, "bestmove").size(), 1u);
  EXPECT_TRUE(Starting(Send("isready", "readyok"), "bestmove").empty());
}

TEST_F(Siu, EndgameReportsDepthSpreadAndLine) {
  Send(std::string("position cgp ") + kEndgame);
  const std::vector<std::string> lines = Go("go endgame depth 1 iterations 5");
  EXPECT_EQ(Starting(lines, "info string ignored iterations").size(), 1u);
  const std::vector<std::string> eg = Starting(lines, "info endgame depth 1 score spread ");
  ASSERT_FALSE(eg.empty());
  const std::string pv = Field(eg.back(), "pv");
  EXPECT_EQ(Starting(lines, "bestmove ").front(), "bestmove " + pv);
}

TEST_F(Siu, PegGivesEachPlaysWinsDrawsAndLossesPerDraw) {
  Send(std::string("position cgp ") + kPeg);
  const std::vector<std::string> lines = Go("go peg searchmoves 1D.SEXTON 1A.OXES");
  const std::vector<std::string> peg = Starting(lines, "info peg move ");
  ASSERT_EQ(peg.size(), 2u);
  for (const std::string& l : peg) {
    // Every tile the side to move cannot see is one draw, in exactly one of the lists.
    std::vector<std::string> draws;
    const std::vector<std::string> lists = absl::StrSplit(l.substr(l.find(" w:") + 1), ' ');
    for (const std::string& list : lists) {
      const std::vector<std::string> tiles = absl::StrSplit(list.substr(2), '|', absl::SkipEmpty());
      draws.insert(draws.end(), tiles.begin(), tiles.end());
    }
    std::sort(draws.begin(), draws.end());
    EXPECT_EQ(draws, (std::vector<std::string>{"A", "C", "E", "I", "S", "U", "Y"})) << l;
  }
  EXPECT_EQ(Starting(lines, "bestmove ").front(), "bestmove " + Field(peg.front(), "move"));
}

TEST_F(Siu, InferReadsTheOpponentsPlayAndEndsWithBestmoveNone) {
  ASSERT_TRUE(Send(std::string("position cgp ") + kEmpty + " / 0/0 0 moves 8E.TOAD").empty());
  const std::vector<std::string> lines = Go("go infer");
  const std::vector<std::string> infer = Starting(lines, "info infer leave ");
  ASSERT_FALSE(infer.empty());
  double sum = 0, last = 1;
  for (const std::string& l : infer) {
    const double p = std::stod(Field(l, "prob"));
    EXPECT_GT(p, 0);
    EXPECT_LE(p, last);
    last = p;
    sum += p;
    EXPECT_EQ(Field(l, "leave").size(), 3u) << l;  // seven tiles, four played
  }
  EXPECT_LE(sum, 1.0 + 1e-9);
  EXPECT_EQ(Starting(lines, "bestmove"), std::vector<std::string>{"bestmove none"});
  // Without the opponent's play there is nothing to read: refused before any search line.
  Send(std::string("position cgp ") + kEmpty + " AEINRST/ 0/0 0");
  const std::vector<std::string> none = Send("go infer");
  ASSERT_EQ(none.size(), 1u);
  EXPECT_TRUE(absl::StartsWith(none[0], "info string error bad-position go infer needs"))
      << none[0];
  // Nor is an illegal move searched, nor a mode whose phase this is not.
  std::vector<std::string> e = Send("go sim searchmoves 8H.QAT");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_TRUE(absl::StartsWith(e[0], "info string error bad-move '8H.QAT' is not legal")) << e[0];
  e = Send("go endgame");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_TRUE(absl::StartsWith(e[0], "info string error bad-position go endgame needs")) << e[0];
  EXPECT_TRUE(Starting(Send("isready", "readyok"), "bestmove").empty());
}

TEST_F(Siu, MovesThenTheRackOfTheSideToMove) {
  // The opponent opened; the side to move's rack is given after the moves.
  ASSERT_TRUE(
      Send(std::string("position cgp ") + kEmpty + " / 0/0 0 moves 8E.TOAD rack.EINRSTQ").empty());
  const std::vector<std::string> gen = Starting(Go("go gen"), "info gen move ");
  ASSERT_FALSE(gen.empty());
  for (const std::string& l : gen) {
    const std::vector<std::string> parts = absl::StrSplit(Field(l, "move"), '.');
    ASSERT_EQ(parts.size(), 2u);
    std::string all = parts[1] + Field(l + " ", "leave");
    // The play's letters include those of TOAD it goes through.
    EXPECT_GE(all.size(), 7u) << l;
  }
  // The opponent's exchange of tiles not named (as front ends show it), then the rack drawn.
  ASSERT_TRUE(
      Send(std::string("position cgp ") + kEmpty + " AEINRST/ 0/0 0 moves 8G.AT ex.4 rack.EINRSQU")
          .empty());
  const std::vector<std::string> after = Starting(Go("go gen"), "info gen move ");
  ASSERT_FALSE(after.empty());
  for (const std::string& l : after) {
    // What is kept is from the rack given.
    std::string rack = "EINRSQU";
    for (const char c : Field(l + " ", "leave")) {
      const size_t at = rack.find(c);
      ASSERT_NE(at, std::string::npos) << l;
      rack.erase(at, 1);
    }
  }
  // ...but not by a rack whose tiles are known.
  std::vector<std::string> known =
      Send(std::string("position cgp ") + kEmpty + " AEINRST/ 0/0 0 moves ex.4");
  ASSERT_EQ(known.size(), 1u);
  EXPECT_TRUE(absl::StartsWith(known[0], "info string error bad-move 'ex.4' names no tiles"))
      << known[0];
  // A rack holding the Q the other seat holds: refused.
  const std::vector<std::string> e =
      Send(std::string("position cgp ") + kEmpty + " QZXJKAE/ 0/0 0 moves pass rack.QAEINRS");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_TRUE(absl::StartsWith(e[0], "info string error bad-move ")) << e[0];
}

TEST_F(Siu, QuitEndsTheSession) {
  Send(std::string("position cgp ") + kEmpty + " AEINRST/ 0/0 0");
  ASSERT_TRUE(session_.HandleLine("go infinite"));
  EXPECT_FALSE(session_.HandleLine("quit"));
  EXPECT_EQ(Starting(out_.Take("bestmove"), "bestmove").size(), 1u);
}

}  // namespace
}  // namespace kibitzer::cli::siu
