#include "engine/games/scrabble/lexicon/kwg.h"

#include <cstring>

#include "absl/strings/str_cat.h"

namespace kibitzer::scrabble {
namespace {

constexpr char kMagic[8] = {'K', 'B', 'Z', 'K', 'W', 'G', '0', '1'};
constexpr size_t kHeader = sizeof(kMagic) + 3 * sizeof(uint32_t);

void PutU32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

uint32_t GetU32(std::string_view in, size_t at) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= uint32_t{static_cast<uint8_t>(in[at + i])} << (8 * i);
  return v;
}

}  // namespace

Kwg::Kwg(std::vector<uint32_t> nodes, uint32_t root, uint32_t words)
    : entries_(nodes.size(), 0), root_(root), words_(words) {
  uint32_t after = 0;  // the letters of the arcs after this one in its list
  for (size_t i = nodes.size(); i-- > 1;) {
    const uint32_t n = nodes[i];
    if (Last(n)) after = 0;
    after |= 1u << LetterAt(n);
    entries_[i] = (uint64_t{after} << 32) | n;
  }
}

bool Kwg::Contains(const Letter* word, int length) const {
  if (length < 1) return false;
  uint32_t list = root_;
  uint32_t arc = 0;
  for (int i = length - 1; i >= 0; --i) {
    arc = Find(list, word[i]);
    if (arc == 0) return false;
    list = Arc(node(arc));
  }
  return Accepts(node(arc));
}

bool Kwg::ContainsText(std::string_view word) const {
  if (word.size() > 15) return false;
  Letter letters[15];
  for (size_t i = 0; i < word.size(); ++i) {
    letters[i] = LetterOfChar(word[i]);
    if (letters[i] == 0) return false;
  }
  return Contains(letters, static_cast<int>(word.size()));
}

std::string Kwg::Serialize() const {
  std::string out(kMagic, sizeof(kMagic));
  PutU32(out, words_);
  PutU32(out, root_);
  PutU32(out, static_cast<uint32_t>(entries_.size()));
  out.reserve(out.size() + 4 * entries_.size());
  for (uint64_t e : entries_) PutU32(out, static_cast<uint32_t>(e));
  return out;
}

absl::StatusOr<Kwg> Kwg::Parse(std::string_view bytes) {
  if (bytes.size() < kHeader || std::memcmp(bytes.data(), kMagic, sizeof(kMagic)) != 0) {
    return absl::InvalidArgumentError("not a kibitzer lexicon file (bad header)");
  }
  const uint32_t words = GetU32(bytes, 8);
  const uint32_t root = GetU32(bytes, 12);
  const uint32_t count = GetU32(bytes, 16);
  if (count < 2 || bytes.size() != kHeader + 4 * size_t{count}) {
    return absl::InvalidArgumentError(
        absl::StrCat("the file's size does not match its ", count, " arcs (truncated or corrupt)"));
  }
  std::vector<uint32_t> nodes(count);
  for (uint32_t i = 0; i < count; ++i) nodes[i] = GetU32(bytes, kHeader + 4 * size_t{i});
  if (root == 0 || root >= count) {
    return absl::InvalidArgumentError(absl::StrCat("the root ", root, " is not an arc"));
  }
  for (uint32_t i = 1; i < count; ++i) {
    if (Arc(nodes[i]) >= count || LetterAt(nodes[i]) > kLetters) {
      return absl::InvalidArgumentError(absl::StrCat("arc ", i, " is corrupt"));
    }
  }
  // Every list ends before the file does: scanning from any arc stops at a last arc.
  if (!Last(nodes[count - 1])) {
    return absl::InvalidArgumentError("the last list does not end (corrupt)");
  }
  return Kwg(std::move(nodes), root, words);
}

}  // namespace kibitzer::scrabble
