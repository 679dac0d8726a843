// Typed options of a game (rules options of a position, or search options), declared once with
// their defaults and checked in one place, so every game refuses a bad option the same way.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace kibitzer::core {

struct OptionSpec {
  enum class Type { kBool, kInt, kString, kEnum };
  std::string name;
  Type type = Type::kString;
  std::string default_value;
  std::string description;
  int64_t min = 0;
  int64_t max = 0;
  std::vector<std::string> choices;

  static OptionSpec Bool(std::string name, bool default_value, std::string description) {
    return {std::move(name),
            Type::kBool,
            default_value ? "true" : "false",
            std::move(description),
            0,
            0,
            {}};
  }
  static OptionSpec Int(std::string name, int64_t default_value, int64_t min, int64_t max,
                        std::string description) {
    return {std::move(name),
            Type::kInt,
            std::to_string(default_value),
            std::move(description),
            min,
            max,
            {}};
  }
  // Free text, empty by default.
  static OptionSpec String(std::string name, std::string description) {
    return {std::move(name), Type::kString, "", std::move(description), 0, 0, {}};
  }
  static OptionSpec Enum(std::string name, std::string default_value,
                         std::vector<std::string> choices, std::string description) {
    return {std::move(name),   Type::kEnum, std::move(default_value), std::move(description), 0, 0,
            std::move(choices)};
  }
};

using OptionMap = std::map<std::string, std::string>;

// Option values after checking: every declared option present, given or defaulted.
class OptionValues {
 public:
  // Checks `given` against `specs`. Errors name the option as `field[name]`.
  static absl::StatusOr<OptionValues> Parse(const std::vector<OptionSpec>& specs,
                                            const OptionMap& given, const std::string& field);

  bool GetBool(const std::string& name) const;
  int64_t GetInt(const std::string& name) const;
  const std::string& GetString(const std::string& name) const;
  const OptionMap& values() const { return values_; }

 private:
  OptionMap values_;
};

}  // namespace kibitzer::core
