#include "engine/core/player_spec.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/core/quote.h"

namespace kibitzer::core {

std::string PlayerFormsHelp(const std::vector<PlayerForm>& types) {
  std::vector<std::string> forms;
  for (const PlayerForm& t : types) {
    std::string form = t.name, tail;
    for (const std::string& p : t.positional) {
      form += "[:" + p;
      tail += "]";
    }
    form += tail;
    for (const PlayerFlag& f : t.flags) form += "[:" + f.word + "]";
    forms.push_back(form);
  }
  return absl::StrJoin(forms, ", ");
}

namespace {

const PlayerFlag* FlagOf(const PlayerForm& form, const std::string& word) {
  for (const PlayerFlag& f : form.flags) {
    if (f.word == word) return &f;
  }
  return nullptr;
}

bool MayName(const PlayerForm& form, const std::string& name) {
  if (!form.named.has_value()) return true;
  for (const std::string& p : form.positional) {
    if (p == name) return true;
  }
  for (const std::string& n : *form.named) {
    if (n == name) return true;
  }
  return false;
}

}  // namespace

absl::StatusOr<PlayerText> ReadPlayer(const std::string& text, const std::vector<PlayerForm>& types,
                                      const std::string& field) {
  const std::vector<std::string> parts = absl::StrSplit(text, ':');
  size_t type = 0;
  while (type < types.size() && types[type].name != parts[0]) ++type;
  if (type == types.size()) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": unknown player ", Quote(parts[0]),
                                                   " (players: ", PlayerFormsHelp(types),
                                                   "; settings by name as NAME=VALUE)"));
  }
  const PlayerForm& form = types[type];
  PlayerText out{type, form.preset, {}};
  OptionMap written;
  size_t next = 0;  // the next positional name
  for (size_t i = 1; i < parts.size(); ++i) {
    const std::string& part = parts[i];
    const size_t eq = part.find('=');
    std::string name, value;
    if (eq != std::string::npos) {
      name = part.substr(0, eq);
      value = part.substr(eq + 1);
      next = form.positional.size();  // no positional value after a named one
      if (!MayName(form, name)) {
        return absl::InvalidArgumentError(absl::StrCat(field, ": ", form.name, " has no setting ",
                                                       Quote(name), " (", Quote(text), ")"));
      }
    } else if (const PlayerFlag* flag = FlagOf(form, part)) {
      name = flag->name;
      value = flag->value;
      next = form.positional.size();  // the flags come after the positional values
    } else if (next < form.positional.size()) {
      name = form.positional[next++];
      value = part;
    } else {
      return absl::InvalidArgumentError(absl::StrCat(field, ": ", Quote(part), " in ", Quote(text),
                                                     " is one value too many for ", form.name, " (",
                                                     PlayerFormsHelp({form}), "; or NAME=VALUE)"));
    }
    if (!written.emplace(name, value).second) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": ", Quote(name), " is set twice in ", Quote(text)));
    }
    out.settings[name] = value;
  }
  out.written = std::move(written);
  return out;
}

}  // namespace kibitzer::core
