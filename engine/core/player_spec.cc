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
    forms.push_back(form + tail);
  }
  return absl::StrJoin(forms, ", ");
}

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
  PlayerText out{type, types[type].preset};
  OptionMap written;
  size_t next = 0;  // the next positional name
  for (size_t i = 1; i < parts.size(); ++i) {
    const std::string& part = parts[i];
    const size_t eq = part.find('=');
    std::string name, value;
    if (eq != std::string::npos) {
      name = part.substr(0, eq);
      value = part.substr(eq + 1);
      next = types[type].positional.size();  // no positional value after a named one
    } else if (next < types[type].positional.size()) {
      name = types[type].positional[next++];
      value = part;
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": ", Quote(part), " in ", Quote(text), " is one value too many for ",
                       types[type].name, " (", PlayerFormsHelp({types[type]}), "; or NAME=VALUE)"));
    }
    if (!written.emplace(name, value).second) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": ", Quote(name), " is set twice in ", Quote(text)));
    }
    out.settings[name] = value;
  }
  return out;
}

}  // namespace kibitzer::core
