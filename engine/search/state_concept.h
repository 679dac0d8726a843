// What a game's concrete state offers the generic searches. The searches are templates on the
// state, so every call below is direct and inlinable; none may allocate.
#pragma once

#include <concepts>
#include <cstdint>

namespace kibitzer::search {

// A two-sided zero-sum game (two players, or two teams) searched by negamax.
// Values are ints from the point of view of the side to move; the game chooses the scale, and
// makes proven values path-independent (a win's value may depend on the position, never on how
// the search reached it), so transposition-table entries hold wherever the position recurs.
template <typename S>
concept NegamaxState = requires(S s, const S cs, typename S::Move m, typename S::Move* out) {
  { S::kMaxMoves } -> std::convertible_to<int>;
  { cs.GenerateMoves(out) } -> std::same_as<int>;  // ordered best-first by the game's heuristic
  {s.Play(m)};
  {s.Undo(m)};
  { cs.IsTerminal() } -> std::same_as<bool>;
  { cs.TerminalValue() } -> std::same_as<int>;  // exact value of a finished game
  { cs.Evaluate() } -> std::same_as<int>;       // heuristic value at the horizon
  { cs.Key() } -> std::same_as<uint64_t>;
  { cs.IsLegal(m) } -> std::same_as<bool>;
  { S::EncodeMove(m) } -> std::same_as<uint16_t>;
  { S::DecodeMove(uint16_t{}) } -> std::same_as<typename S::Move>;
};

// A game of N independent players searched by max^n: values per player.
template <typename S>
concept MultiPlayerState = requires(S s, const S cs, typename S::Move m, typename S::Move* out,
                                    int* values) {
  { S::kMaxMoves } -> std::convertible_to<int>;
  { S::kMaxPlayers } -> std::convertible_to<int>;
  { cs.NumPlayers() } -> std::same_as<int>;
  { cs.CurrentPlayer() } -> std::same_as<int>;
  { cs.GenerateMoves(out) } -> std::same_as<int>;
  {s.Play(m)};
  {s.Undo(m)};
  { cs.IsTerminal() } -> std::same_as<bool>;
  {cs.Returns(values)};      // exact per-player values of a finished game
  {cs.EvaluateAll(values)};  // heuristic per-player values at the horizon
};

}  // namespace kibitzer::search
