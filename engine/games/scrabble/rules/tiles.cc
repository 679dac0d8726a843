#include "engine/games/scrabble/rules/tiles.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "engine/core/quote.h"

namespace kibitzer::scrabble {

char TileChar(Tile t) {
  const char c = static_cast<char>('A' + LetterOf(t) - 1);
  return IsBlankTile(t) ? static_cast<char>(c - 'A' + 'a') : c;
}

Letter LetterOfChar(char c) {
  if (c >= 'A' && c <= 'Z') return static_cast<Letter>(c - 'A' + 1);
  if (c >= 'a' && c <= 'z') return static_cast<Letter>(c - 'a' + 1);
  return 0;
}

int KindOfRackChar(char c) {
  if (c == '?') return kBlank;
  const Letter l = LetterOfChar(c);
  return l == 0 ? -1 : l;
}

char RackChar(int kind) { return kind == kBlank ? '?' : static_cast<char>('A' + kind - 1); }

bool Rack::Contains(const Rack& other) const {
  for (int k = 0; k < kTileKinds; ++k) {
    if (other.count[k] > count[k]) return false;
  }
  return true;
}

void Rack::AddAll(const Rack& other) {
  for (int k = 0; k < kTileKinds; ++k) count[k] = static_cast<uint8_t>(count[k] + other.count[k]);
  size += other.size;
}

void Rack::RemoveAll(const Rack& other) {
  for (int k = 0; k < kTileKinds; ++k) count[k] = static_cast<uint8_t>(count[k] - other.count[k]);
  size -= other.size;
}

int Rack::Points() const {
  int p = 0;
  for (int k = 0; k < kTileKinds; ++k) p += count[k] * kValues[k];
  return p;
}

Rack Common(const Rack& a, const Rack& b) {
  Rack out;
  for (int k = 0; k < kTileKinds; ++k) out.Add(k, std::min(a.count[k], b.count[k]));
  return out;
}

Rack FullBag() {
  Rack r;
  for (int k = 0; k < kTileKinds; ++k) r.Add(k, kDistribution[k]);
  return r;
}

absl::StatusOr<Rack> ParseRack(std::string_view text, int max_size, const std::string& field) {
  Rack r;
  for (size_t i = 0; i < text.size(); ++i) {
    const int kind = KindOfRackChar(text[i]);
    if (kind < 0) {
      return absl::InvalidArgumentError(absl::StrCat(field, ": ", core::Quote(text.substr(i, 1)),
                                                     " is not a tile (A..Z, or ? for a blank)"));
    }
    if (r.size == max_size) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": more than ", max_size, " tiles in ", core::Quote(text)));
    }
    r.Add(kind);
  }
  return r;
}

std::string FormatRack(const Rack& rack) {
  std::string s;
  for (int k = 1; k < kTileKinds; ++k) s.append(rack.count[k], RackChar(k));
  s.append(rack.count[kBlank], '?');
  return s;
}

}  // namespace kibitzer::scrabble
