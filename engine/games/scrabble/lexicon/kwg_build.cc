// Building the word graph: every GADDAG path of every word, sorted, added to a minimal automaton
// one path at a time (Daciuk, Mihov, Watson and Watson's incremental construction for sorted
// input: once a path is left behind, its states are replaced by equal ones already made or
// registered), then laid out as sibling lists, equal lists stored once.
#include <algorithm>
#include <array>

#include "absl/strings/str_cat.h"
#include "engine/games/scrabble/lexicon/kwg.h"

namespace kibitzer::scrabble {
namespace {

constexpr int kMaxPath = 16;  // 15 letters and the separator

// A set of ranges of a growing array of uint32 (with one extra bit each), found by content.
class RangeSet {
 public:
  struct Range {
    uint32_t begin, length;
    bool flag;
  };
  explicit RangeSet(const std::vector<uint32_t>& pool) : pool_(pool) { slots_.assign(1 << 16, 0); }

  // The id of an equal range already added, or -1 (then Add it).
  int64_t Find(const uint32_t* data, uint32_t length, bool flag, uint64_t* hash_out) const {
    const uint64_t h = Hash(data, length, flag);
    *hash_out = h;
    for (size_t i = h & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i] == 0) return -1;
      const Range& r = ranges_[slots_[i] - 1];
      if (r.flag == flag && r.length == length &&
          std::equal(data, data + length, pool_.begin() + r.begin)) {
        return slots_[i] - 1;
      }
    }
  }
  uint32_t Add(uint32_t begin, uint32_t length, bool flag, uint64_t hash) {
    ranges_.push_back({begin, length, flag});
    const uint32_t id = static_cast<uint32_t>(ranges_.size() - 1);
    if (ranges_.size() * 2 > slots_.size()) {
      Grow();
    } else {
      Insert(hash, id);
    }
    return id;
  }
  const Range& range(uint32_t id) const { return ranges_[id]; }
  size_t size() const { return ranges_.size(); }

 private:
  static uint64_t Hash(const uint32_t* data, uint32_t length, bool flag) {
    uint64_t h = 0x9e3779b97f4a7c15ull ^ (flag ? 0x5bd1e995ull : 0) ^ length;
    for (uint32_t i = 0; i < length; ++i) {
      h = (h ^ data[i]) * 0xff51afd7ed558ccdull;
      h ^= h >> 32;
    }
    return h;
  }
  void Insert(uint64_t hash, uint32_t id) {
    size_t i = hash & (slots_.size() - 1);
    while (slots_[i] != 0) i = (i + 1) & (slots_.size() - 1);
    slots_[i] = id + 1;
  }
  void Grow() {
    slots_.assign(slots_.size() * 2, 0);
    for (uint32_t id = 0; id < ranges_.size(); ++id) {
      const Range& r = ranges_[id];
      Insert(Hash(pool_.data() + r.begin, r.length, r.flag), id);
    }
  }

  const std::vector<uint32_t>& pool_;
  std::vector<Range> ranges_;
  std::vector<uint32_t> slots_;  // id + 1, 0 empty
};

// The automaton's states while building: edges as letter << 26 | child state.
class Builder {
 public:
  Builder() : states_(edges_) {}

  void Add(const std::string& path) {
    size_t common = 0;
    while (common < prev_.size() && common < path.size() && prev_[common] == path[common]) {
      ++common;
    }
    FreezeDownTo(common);
    for (size_t d = common; d < path.size(); ++d) {
      pending_[d].edges.push_back(uint32_t{static_cast<uint8_t>(path[d])} << 26);
      pending_[d + 1].edges.clear();
      pending_[d + 1].final = false;
    }
    pending_[path.size()].final = true;
    prev_ = path;
  }

  // Registers the rest; returns the root state.
  uint32_t Finish() {
    FreezeDownTo(0);
    return Register(pending_[0]);
  }

  Kwg Layout(uint32_t root_state, uint32_t words) {
    std::vector<uint32_t> nodes(1, 0);  // index 0: the dummy
    RangeSet lists(nodes);
    std::vector<uint32_t> list_of(states_.size(), 0);
    std::vector<uint32_t> entry;
    for (uint32_t id = 0; id < states_.size(); ++id) {
      const RangeSet::Range& r = states_.range(id);
      if (r.length == 0) continue;
      entry.clear();
      for (uint32_t e = 0; e < r.length; ++e) {
        const uint32_t edge = edges_[r.begin + e];
        const uint32_t child = edge & 0x3ffffffu;
        entry.push_back(Kwg::Make(static_cast<Letter>(edge >> 26), states_.range(child).flag,
                                  e + 1 == r.length, list_of[child]));
      }
      uint64_t hash = 0;
      const int64_t found =
          lists.Find(entry.data(), static_cast<uint32_t>(entry.size()), false, &hash);
      if (found >= 0) {
        list_of[id] = lists.range(static_cast<uint32_t>(found)).begin;
        continue;
      }
      const uint32_t begin = static_cast<uint32_t>(nodes.size());
      nodes.insert(nodes.end(), entry.begin(), entry.end());
      lists.Add(begin, static_cast<uint32_t>(entry.size()), false, hash);
      list_of[id] = begin;
    }
    return Kwg(std::move(nodes), list_of[root_state], words);
  }

 private:
  struct Pending {
    std::vector<uint32_t> edges;
    bool final = false;
  };

  // Replaces the states deeper than `depth` on the previous path by registered ones.
  void FreezeDownTo(size_t depth) {
    for (size_t d = prev_.size(); d > depth; --d) {
      const uint32_t id = Register(pending_[d]);
      pending_[d - 1].edges.back() |= id;
    }
  }

  uint32_t Register(const Pending& p) {
    uint64_t hash = 0;
    const int64_t found =
        states_.Find(p.edges.data(), static_cast<uint32_t>(p.edges.size()), p.final, &hash);
    if (found >= 0) return static_cast<uint32_t>(found);
    const uint32_t begin = static_cast<uint32_t>(edges_.size());
    edges_.insert(edges_.end(), p.edges.begin(), p.edges.end());
    return states_.Add(begin, static_cast<uint32_t>(p.edges.size()), p.final, hash);
  }

  std::vector<uint32_t> edges_;
  RangeSet states_;
  std::array<Pending, kMaxPath + 1> pending_;
  std::string prev_;
};

}  // namespace

absl::StatusOr<std::vector<std::string>> ParseWordList(std::string_view text) {
  std::vector<std::string> words;
  size_t line = 0;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view w = text.substr(at, end - at);
    at = end + 1;
    ++line;
    if (!w.empty() && w.back() == '\r') w.remove_suffix(1);
    std::string word;
    bool ok = w.size() >= 2 && w.size() <= 15;
    for (char c : w) {
      const Letter l = LetterOfChar(c);
      if (l == 0) ok = false;
      word.push_back(static_cast<char>('A' + l - 1));
    }
    if (!ok) {
      return absl::InvalidArgumentError(absl::StrCat(
          "line ", line, ": ", w.empty() ? "empty" : "'" + std::string(w.substr(0, 40)) + "'",
          " is not a word of 2 to 15 letters A..Z"));
    }
    words.push_back(std::move(word));
  }
  if (words.empty()) return absl::InvalidArgumentError("the word list has no words");
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  return words;
}

Kwg BuildKwg(const std::vector<std::string>& words) {
  std::vector<std::string> paths;
  size_t total = 0;
  for (const std::string& w : words) total += w.size();
  paths.reserve(total);
  for (const std::string& w : words) {
    const size_t n = w.size();
    for (size_t i = 1; i <= n; ++i) {
      std::string p;
      for (size_t j = i; j-- > 0;) p.push_back(static_cast<char>(w[j] - 'A' + 1));
      if (i < n) {
        p.push_back(static_cast<char>(kSeparator));
        for (size_t j = i; j < n; ++j) p.push_back(static_cast<char>(w[j] - 'A' + 1));
      }
      paths.push_back(std::move(p));
    }
  }
  std::sort(paths.begin(), paths.end());
  paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
  Builder builder;
  for (const std::string& p : paths) builder.Add(p);
  const uint32_t root = builder.Finish();
  return builder.Layout(root, static_cast<uint32_t>(words.size()));
}

}  // namespace kibitzer::scrabble
