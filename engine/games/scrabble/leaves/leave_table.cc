#include "engine/games/scrabble/leaves/leave_table.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "engine/core/quote.h"

namespace kibitzer::scrabble {
namespace {

constexpr double kMaxValue = 1000;

// A leave written in rack order, 1..`max` tiles, none more often than the tile set has it.
bool ParseTiles(absl::string_view text, int min, int max, Rack* out) {
  absl::StatusOr<Rack> r = ParseRack(std::string_view(text.data(), text.size()), max, "leave");
  if (!r.ok() || r->size < min) return false;
  for (int k = 0; k < kTileKinds; ++k) {
    if (r->count[k] > kDistribution[k]) return false;
  }
  *out = *r;
  return true;
}

}  // namespace

uint32_t LeaveTable::Key(const Rack& leave) {
  uint32_t key = 0;
  int shift = 0;
  for (int k = 0; k < kTileKinds; ++k) {
    for (int n = leave.count[k]; n > 0; --n, shift += 5) key |= uint32_t(k + 1) << shift;
  }
  return key;
}

Rack LeaveTable::FromKey(uint32_t key) {
  Rack r;
  for (; key != 0; key >>= 5) r.Add(static_cast<int>(key & 31u) - 1);
  return r;
}

size_t LeaveTable::Slot(uint32_t key) const {
  const size_t mask = keys_.size() - 1;
  size_t i = (uint64_t{key} * 0x9E3779B97F4A7C15ull) >> 40 & mask;
  while (keys_[i] != 0 && keys_[i] != key) i = (i + 1) & mask;
  return i;
}

void LeaveTable::Grow() {
  std::vector<uint32_t> keys = std::move(keys_);
  std::vector<float> values = std::move(values_);
  const size_t size = std::max<size_t>(1024, keys.size() * 2);
  keys_.assign(size, 0);
  values_.assign(size, 0);
  for (size_t i = 0; i < keys.size(); ++i) {
    if (keys[i] == 0) continue;
    const size_t s = Slot(keys[i]);
    keys_[s] = keys[i];
    values_[s] = values[i];
  }
}

void LeaveTable::SetLeave(uint32_t key, double v) {
  if (2 * (count_ + 1) > keys_.size()) Grow();
  const size_t s = Slot(key);
  if (keys_[s] == 0) ++count_;
  keys_[s] = key;
  values_[s] = static_cast<float>(v);
}

double LeaveTable::ModelValue(const Rack& leave) const {
  int kinds[kRackSize];
  int n = 0;
  double v = 0;
  for (int k = 0; k < kTileKinds; ++k) {
    const int c = leave.count[k];
    if (c == 0) continue;
    v += c * tile_[k] + c * (c - 1) / 2 * pair(k, k);
    for (int i = 0; i < n; ++i) v += c * leave.count[kinds[i]] * pair(kinds[i], k);
    if (n < kRackSize) kinds[n++] = k;
  }
  return v;
}

double LeaveTable::Value(uint32_t key, const Rack& leave) const {
  if (key == 0) return 0;
  if (!keys_.empty()) {
    const size_t s = Slot(key);
    if (keys_[s] == key) return values_[s];
  }
  return ModelValue(leave);
}

double LeaveTable::Value(const Rack& leave) const { return Value(Key(leave), leave); }

std::string LeaveTable::Serialize(const std::vector<std::string>& comment) const {
  std::string out = "kibitzer-leaves 1\n";
  for (const std::string& line : comment) absl::StrAppend(&out, "# ", line, "\n");
  for (int k = 0; k < kTileKinds; ++k) {
    absl::StrAppendFormat(&out, "tile %c %.3f\n", RackChar(k), tile_[k]);
  }
  for (int a = 1; a <= kTileKinds; ++a) {  // rack order: A..Z, then the blank
    for (int b = a; b <= kTileKinds; ++b) {
      const int ka = a % kTileKinds, kb = b % kTileKinds;
      if (ka == kb && kDistribution[ka] < 2) continue;  // never in a leave
      absl::StrAppendFormat(&out, "pair %c%c %.3f\n", RackChar(ka), RackChar(kb), pair(ka, kb));
    }
  }
  for (int b = 1; b <= kMaxLeave; ++b) absl::StrAppendFormat(&out, "bag %d %.4f\n", b, bag_[b]);
  std::vector<std::pair<std::string, float>> leaves;
  for (size_t i = 0; i < keys_.size(); ++i) {
    if (keys_[i] != 0) leaves.emplace_back(FormatRack(FromKey(keys_[i])), values_[i]);
  }
  std::sort(leaves.begin(), leaves.end());
  for (const auto& [text, v] : leaves) absl::StrAppendFormat(&out, "leave %s %.2f\n", text, v);
  return out;
}

absl::StatusOr<LeaveTable> LeaveTable::Parse(std::string_view text, const std::string& source) {
  LeaveTable t;
  int line_no = 0;
  bool versioned = false;
  for (absl::string_view line : absl::StrSplit(absl::string_view(text.data(), text.size()), '\n')) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line[0] == '#') continue;
    const std::vector<absl::string_view> f = absl::StrSplit(line, ' ', absl::SkipEmpty());
    const auto bad = [&](const char* why) {
      const absl::string_view shown = line.substr(0, 60);
      return absl::InvalidArgumentError(
          absl::StrCat(source, " line ", line_no, ": ",
                       core::Quote(std::string_view(shown.data(), shown.size())), " ", why));
    };
    if (!versioned) {
      if (f.size() != 2 || f[0] != "kibitzer-leaves" || f[1] != "1") {
        return bad("is not the header (kibitzer-leaves 1)");
      }
      versioned = true;
      continue;
    }
    double v = 0;
    if (f.size() != 3 || !absl::SimpleAtod(f[2], &v) || !std::isfinite(v) ||
        std::abs(v) > kMaxValue) {
      return bad("is not 'KIND WHAT VALUE' with a value within ±1000");
    }
    Rack r;
    if (f[0] == "tile" && ParseTiles(f[1], 1, 1, &r)) {
      t.SetTile(Key(r) - 1, v);
    } else if (f[0] == "pair" && ParseTiles(f[1], 2, 2, &r)) {
      const uint32_t key = Key(r);
      t.SetPair(static_cast<int>(key & 31u) - 1, static_cast<int>(key >> 5) - 1, v);
    } else if (f[0] == "bag" && f[1].size() == 1 && f[1][0] >= '1' && f[1][0] <= '6' && v >= 0) {
      t.SetBagFactor(f[1][0] - '0', v);
    } else if (f[0] == "leave" && ParseTiles(f[1], 1, kMaxLeave, &r)) {
      t.SetLeave(Key(r), v);
    } else {
      return bad("is not a tile, pair, bag (1..6, factor at least 0) or leave (1..6 tiles) line");
    }
  }
  if (!versioned) return absl::InvalidArgumentError(absl::StrCat(source, ": empty"));
  return t;
}

absl::StatusOr<LeaveTable> LoadLeaveFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot open ", path));
  std::ostringstream text;
  text << in.rdbuf();
  return LeaveTable::Parse(text.str(), path);
}

absl::Status SaveLeaveFile(const LeaveTable& table, const std::vector<std::string>& comment,
                           const std::string& path) {
  const std::string temp = path + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    const std::string text = table.Serialize(comment);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!out) return absl::InternalError(absl::StrCat("cannot write ", temp));
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    return absl::InternalError(absl::StrCat("cannot write ", path));
  }
  return absl::OkStatus();
}

}  // namespace kibitzer::scrabble
