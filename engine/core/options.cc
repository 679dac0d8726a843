#include "engine/core/options.h"

#include <algorithm>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace kibitzer::core {

absl::StatusOr<OptionValues> OptionValues::Parse(const std::vector<OptionSpec>& specs,
                                                 const OptionMap& given, const std::string& field) {
  OptionValues out;
  for (const auto& spec : specs) out.values_[spec.name] = spec.default_value;
  for (const auto& [name, value] : given) {
    const std::string& key = name;  // a structured binding is not captured by clang 14
    auto it = std::find_if(specs.begin(), specs.end(),
                           [&](const OptionSpec& s) { return s.name == key; });
    const std::string where = absl::StrCat(field, "[", name, "]");
    if (it == specs.end()) {
      std::vector<std::string> names;
      for (const auto& s : specs) names.push_back(s.name);
      return absl::InvalidArgumentError(absl::StrCat(
          where, ": unknown option (known: ", names.empty() ? "none" : absl::StrJoin(names, ", "),
          ")"));
    }
    switch (it->type) {
      case OptionSpec::Type::kBool:
        if (value != "true" && value != "false") {
          return absl::InvalidArgumentError(
              absl::StrCat(where, ": '", value, "' is not a boolean (true or false)"));
        }
        break;
      case OptionSpec::Type::kInt: {
        int64_t v = 0;
        if (!absl::SimpleAtoi(value, &v) || v < it->min || v > it->max) {
          return absl::InvalidArgumentError(absl::StrCat(
              where, ": '", value, "' is not an integer in [", it->min, ", ", it->max, "]"));
        }
        break;
      }
      case OptionSpec::Type::kEnum:
        if (std::find(it->choices.begin(), it->choices.end(), value) == it->choices.end()) {
          return absl::InvalidArgumentError(absl::StrCat(where, ": '", value, "' is not one of ",
                                                         absl::StrJoin(it->choices, ", ")));
        }
        break;
      case OptionSpec::Type::kString:
        break;
    }
    out.values_[name] = value;
  }
  return out;
}

bool OptionValues::GetBool(const std::string& name) const { return GetString(name) == "true"; }

int64_t OptionValues::GetInt(const std::string& name) const {
  int64_t v = 0;
  (void)absl::SimpleAtoi(GetString(name), &v);
  return v;
}

const std::string& OptionValues::GetString(const std::string& name) const {
  static const std::string kEmpty;
  auto it = values_.find(name);
  return it == values_.end() ? kEmpty : it->second;
}

}  // namespace kibitzer::core
