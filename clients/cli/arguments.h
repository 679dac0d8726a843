// The command line's words put in the order absl's flag parser needs: the flags first, then a
// bare "--", then the other words (the command and the position). A position may begin with '-'
// (a hand not known: "- - XVIII,XVII,... -"), which the parser would otherwise read as a flag.
#pragma once

#include <string>
#include <vector>

namespace kibitzer::cli {

// A word is a flag when it is '-' or "--" followed by a letter; a flag that takes a value
// (every flag but a bool one) and has no "=VALUE" takes the next word as its value. Words after
// a bare "--" are never flags. argv[0] stays first. The result points into argv and at a static
// "--"; it is argv as it was when its last word is a flag missing its value (for the parser to
// report). A list flag given more than once (--option=a=1 --option=b=2) becomes one word with
// the values joined by commas, as if given once: absl's parser would keep only the last.
std::vector<char*> FlagsFirst(int argc, char** argv);

// --fix=W:SK,HA,E:CQ arrives split at every comma: each word without a ':' goes back onto the
// one before it, giving {"W:SK,HA", "E:CQ"}. A first word without ':' stays as it is (for the
// server to name).
std::vector<std::string> JoinFixedCards(const std::vector<std::string>& words);

}  // namespace kibitzer::cli
