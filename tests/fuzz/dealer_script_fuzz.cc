// libFuzzer target: dealer constraint scripts (the Deal call's constraints, Analyze's
// options[constraints]): parsed, and when they parse, evaluated on a full layout and a partial one.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/games/bridge/dealer/dealer_script.h"

namespace {

using kibitzer::bridge::Hands;
namespace dealer = kibitzer::bridge::dealer;

const Hands& Layout() {
  static const Hands hands = *kibitzer::bridge::ParsePbnDeal(
      "N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984", "layout");
  return hands;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<dealer::Script> script = dealer::ParseScript({text.data(), text.size()}, "c");
  if (!script.ok()) return 0;
  dealer::Satisfies(*script, Layout());
  // North's and South's hands known, the rest in the pool, each suit 0..13 more cards.
  dealer::PartialLayout partial;
  partial.fixed[0] = Layout()[0];
  partial.fixed[2] = Layout()[2];
  partial.pool = Layout()[1] | Layout()[3];
  for (int seat : {1, 3}) {
    for (int suit = 0; suit < 4; ++suit) partial.hi[seat][suit] = 13;
  }
  dealer::EvaluateRange(*script, partial);
  return 0;
}
