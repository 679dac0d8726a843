// libFuzzer target: bridge records as a client sends them: PBN deals and layouts, PBN games (one
// or many), BBO LIN; a record that parses is also played to its position and written back.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/games/bridge/records/pbn.h"
#include "engine/games/bridge/records/record.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  namespace bridge = kibitzer::bridge;
  (void)bridge::ParsePbnDeal(text, "deal");
  (void)bridge::ParsePbnLayout(text, "layout", true, true);
  (void)bridge::ParseLin(text, "lin");
  (void)bridge::ParsePbnGamesEach(text, "file");
  absl::StatusOr<bridge::GameRecord> record = bridge::ParseGameRecord(text, "record");
  if (record.ok()) {
    (void)bridge::PositionAfterPlay(*record, "record");
    (void)bridge::FormatPbnGame(*record);
  }
  return 0;
}
