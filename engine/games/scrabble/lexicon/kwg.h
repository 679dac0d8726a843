// A lexicon as one read-only word graph: a GADDAG stored as sibling lists of 32-bit arcs, in the
// manner of the KWG format (a minimised automaton whose arcs carry the letter and whether the path
// ending with it is accepted).
//
// Each word w of n letters is in the graph as n paths: for i = 1..n, the first i letters reversed,
// then (when i < n) the separator and the remaining letters, so any word can be grown from any of
// its letters outwards. The path of the whole word reversed has no separator; it is how a word is
// looked up.
//
// An arc is bits 0..23 the index of its child's sibling list (0: no children), bit 24 "last arc of
// its list", bit 25 "accepts" (the path ending here is a word), bits 26..31 the letter (1..26, 0
// the separator). Index 0 is a dummy so that 0 can mean "none". Lists are sorted by letter.
//
// Built once from a word list (BuildKwg), saved to a file (magic, word count, root, arcs), loaded
// read-only and shared by every search.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/games/scrabble/rules/tiles.h"

namespace kibitzer::scrabble {

constexpr Letter kSeparator = 0;

class Kwg {
 public:
  static uint32_t Arc(uint32_t node) { return node & 0xffffffu; }
  static bool Last(uint32_t node) { return (node >> 24) & 1u; }
  static bool Accepts(uint32_t node) { return (node >> 25) & 1u; }
  static Letter LetterAt(uint32_t node) { return static_cast<Letter>(node >> 26); }
  static uint32_t Make(Letter letter, bool accepts, bool last, uint32_t arc) {
    return (uint32_t{letter} << 26) | (uint32_t{accepts} << 25) | (uint32_t{last} << 24) | arc;
  }

  Kwg(std::vector<uint32_t> nodes, uint32_t root, uint32_t words);

  uint32_t node(uint32_t i) const { return static_cast<uint32_t>(entries_[i]); }
  uint32_t root() const { return root_; }  // the first arc of the GADDAG's root list
  uint32_t words() const { return words_; }
  size_t size() const { return entries_.size(); }

  // The letters of the arcs from `list` to the end of its list (bit l for letter l): the
  // letters a list offers, and with Find, an arc found without scanning.
  uint32_t Letters(uint32_t list) const { return static_cast<uint32_t>(entries_[list] >> 32); }
  // The index of the arc for `letter` in the list starting at `list`, or 0 (list 0 is empty).
  uint32_t Find(uint32_t list, Letter letter) const {
    const uint32_t set = Letters(list);
    if (((set >> letter) & 1u) == 0) return 0;
    return list + static_cast<uint32_t>(__builtin_popcount(set & ((1u << letter) - 1)));
  }
  // Whether `word` (letters 1..26) is in the lexicon.
  bool Contains(const Letter* word, int length) const;
  // Upper-case letters A..Z.
  bool ContainsText(std::string_view word) const;

  // The file's bytes, and back; a file that is not a well-formed graph is refused saying why.
  std::string Serialize() const;
  static absl::StatusOr<Kwg> Parse(std::string_view bytes);

 private:
  // Each arc (low 32 bits) beside the letters from it to the end of its list (high 32 bits, see
  // Letters): a list's letters and its arcs come in one cache line.
  std::vector<uint64_t> entries_;
  uint32_t root_ = 0;
  uint32_t words_ = 0;
};

// Reads a word list: one word a line, letters A..Z (case ignored), 2..15 letters; a trailing
// "\r" is allowed; any other line (an empty one included) is refused naming its line number.
// Duplicates count once. Returns the words upper-cased, sorted, unique.
absl::StatusOr<std::vector<std::string>> ParseWordList(std::string_view text);
// Builds the graph of `words` (as ParseWordList returns them).
Kwg BuildKwg(const std::vector<std::string>& words);

}  // namespace kibitzer::scrabble
