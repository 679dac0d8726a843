// A match player as written on a command line: its type, then its settings by name
// ("mc:samples=40:exact_tricks=7") or, the short form, by position ("mc:40:7": each value the
// next of the type's positional names), then words that stand for a setting ("sim:50:win" for
// objective=win), where the type has such flags. The settings are a game's player options, declared
// once (a core::OptionSet of its PlayerOptions, whose names are the search options' where they mean
// the same); the type's preset comes first, then what was written, each checked by that
// declaration.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/options.h"

namespace kibitzer::core {

// A word written alone that stands for a setting: ":win" for objective=win.
struct PlayerFlag {
  std::string word;
  std::string name;
  std::string value;
};

// One player type of a game: its name, the names its positional values fill in order, the
// settings it presets (before what is written), its flags (after the positional values, in any
// order), and which settings may be written by name (unset: every declared one; the positional
// names are always allowed).
struct PlayerForm {
  std::string name;
  std::vector<std::string> positional;
  OptionMap preset;
  std::vector<PlayerFlag> flags = {};
  std::optional<std::vector<std::string>> named = std::nullopt;
};

// `text` read as a player of one of `types`: which type (its index) and every setting (the
// preset, then the written ones). Errors name `field` and list the types.
struct PlayerText {
  size_t type = 0;
  OptionMap settings;  // the preset and what was written
  OptionMap written;   // what was written alone
};
absl::StatusOr<PlayerText> ReadPlayer(const std::string& text, const std::vector<PlayerForm>& types,
                                      const std::string& field);

// ReadPlayer, then the settings parsed into the game's options by `declaration`.
template <typename T>
absl::StatusOr<std::pair<size_t, T>> ParsePlayerOptions(const std::string& text,
                                                        const std::vector<PlayerForm>& types,
                                                        const OptionSet<T>& declaration,
                                                        const std::string& field) {
  absl::StatusOr<PlayerText> read = ReadPlayer(text, types, field);
  if (!read.ok()) return read.status();
  absl::StatusOr<T> options = declaration.Parse(read->settings, field);
  if (!options.ok()) return options.status();
  return std::make_pair(read->type, *std::move(options));
}

// ParsePlayerOptions, then the form's kind set in the options' `kind` member: kinds[i] for
// forms[i] (several forms may share a kind, as mc and its racing form).
template <typename T, typename Kind, size_t N>
absl::StatusOr<T> ParsePlayer(const std::string& text, const std::vector<PlayerForm>& forms,
                              const Kind (&kinds)[N], Kind T::*kind,
                              const OptionSet<T>& declaration, const std::string& field) {
  absl::StatusOr<std::pair<size_t, T>> parsed = ParsePlayerOptions(text, forms, declaration, field);
  if (!parsed.ok()) return parsed.status();
  T options = std::move(parsed->second);
  options.*kind = kinds[parsed->first];
  return options;
}

// The types as a help line lists them: "random, seed[:samples[:depth]][:win], ...".
std::string PlayerFormsHelp(const std::vector<PlayerForm>& types);

}  // namespace kibitzer::core
