#include "engine/core/options.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace kibitzer::core {

absl::Status CheckOptionValue(const OptionSpec& spec, const std::string& value,
                              const std::string& where) {
  switch (spec.type) {
    case OptionSpec::Type::kBool:
      if (value != "true" && value != "false") {
        return absl::InvalidArgumentError(
            absl::StrCat(where, ": '", value, "' is not a boolean (true or false)"));
      }
      break;
    case OptionSpec::Type::kInt: {
      int64_t v = 0;
      if (!absl::SimpleAtoi(value, &v) || v < spec.min || v > spec.max) {
        return absl::InvalidArgumentError(absl::StrCat(
            where, ": '", value, "' is not an integer in [", spec.min, ", ", spec.max, "]"));
      }
      break;
    }
    case OptionSpec::Type::kEnum:
      if (std::find(spec.choices.begin(), spec.choices.end(), value) == spec.choices.end()) {
        return absl::InvalidArgumentError(absl::StrCat(where, ": '", value, "' is not one of ",
                                                       absl::StrJoin(spec.choices, ", ")));
      }
      break;
    case OptionSpec::Type::kString:
      break;
  }
  return absl::OkStatus();
}

absl::Status UnknownOption(const std::vector<OptionSpec>& specs, const std::string& where) {
  std::vector<std::string> names;
  for (const auto& s : specs) names.push_back(s.name);
  return absl::InvalidArgumentError(absl::StrCat(
      where, ": unknown option (known: ", names.empty() ? "none" : absl::StrJoin(names, ", "),
      ")"));
}

}  // namespace kibitzer::core
