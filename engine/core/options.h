// A game's options (its position options, or its search options), declared once: each option has
// its name, type, range, default and description, and is bound to a field of the game's own
// options struct. The same declaration gives GetEngineInfo's list (`specs()`) and parses a
// request's options into the struct (`Parse`), so a game reads `options.plies`, never a name.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"

namespace kibitzer::core {

// One option as clients see it (GetEngineInfo).
struct OptionSpec {
  enum class Type { kBool, kInt, kString, kEnum };
  std::string name;
  Type type = Type::kString;
  std::string default_value;
  std::string description;
  int64_t min = 0;
  int64_t max = 0;
  std::vector<std::string> choices;
};

using OptionMap = std::map<std::string, std::string>;

// Whether `value` is a value of `spec`; the error names the option as `where`.
absl::Status CheckOptionValue(const OptionSpec& spec, const std::string& value,
                              const std::string& where);
// The error for an option nobody declared, listing the known ones.
absl::Status UnknownOption(const std::vector<OptionSpec>& specs, const std::string& where);

// An option's value and whether the request gave it (the value is the default when not), for a
// game whose rules differ between "not given" and "given as the default".
template <typename V>
struct Given {
  V value{};
  bool given = false;
};

namespace options_internal {
template <typename F>
struct Unwrap {
  using type = F;
};
template <typename F>
struct Unwrap<std::optional<F>> {
  using type = F;
};
template <typename F>
struct Unwrap<Given<F>> {
  using type = F;
};
// A field bound to an option: a plain field or a Given takes the declared default when the option
// is not given; a std::optional stays empty.
template <typename F, typename V>
void SetDefault(F& field, const V& value) {
  field = static_cast<F>(value);
}
template <typename F, typename V>
void SetDefault(std::optional<F>& field, const V&) {
  field.reset();
}
template <typename F, typename V>
void SetDefault(Given<F>& field, const V& value) {
  field = {static_cast<F>(value), false};
}
template <typename F, typename V>
void Assign(F& field, const V& value) {
  field = static_cast<F>(value);
}
template <typename F, typename V>
void Assign(std::optional<F>& field, const V& value) {
  field = static_cast<F>(value);
}
template <typename F, typename V>
void Assign(Given<F>& field, const V& value) {
  field = {static_cast<F>(value), true};
}
}  // namespace options_internal

template <typename T>
class OptionSet {
 public:
  // Each binder takes a member of T of the option's type, or a std::optional or Given of it.
  template <typename F>
  OptionSet& Bool(std::string name, F T::*field, bool default_value, std::string description) {
    OptionSpec spec = Spec(std::move(name), OptionSpec::Type::kBool,
                           default_value ? "true" : "false", std::move(description));
    return Add(
        std::move(spec),
        [field, default_value](T& t) { options_internal::SetDefault(t.*field, default_value); },
        [field](T& t, const std::string& v) { options_internal::Assign(t.*field, v == "true"); });
  }

  template <typename F>
  OptionSet& Int(std::string name, F T::*field, int64_t default_value, int64_t min, int64_t max,
                 std::string description) {
    static_assert(std::is_integral_v<typename options_internal::Unwrap<F>::type>,
                  "Int binds an integer field");
    OptionSpec spec = Spec(std::move(name), OptionSpec::Type::kInt, std::to_string(default_value),
                           std::move(description));
    spec.min = min;
    spec.max = max;
    return Add(
        std::move(spec),
        [field, default_value](T& t) { options_internal::SetDefault(t.*field, default_value); },
        [field](T& t, const std::string& v) {
          int64_t n = 0;
          (void)absl::SimpleAtoi(v, &n);  // checked against the range before
          options_internal::Assign(t.*field, n);
        });
  }

  // Free text, empty by default.
  template <typename F>
  OptionSet& String(std::string name, F T::*field, std::string description) {
    OptionSpec spec = Spec(std::move(name), OptionSpec::Type::kString, "", std::move(description));
    return Add(
        std::move(spec), [field](T& t) { options_internal::SetDefault(t.*field, std::string()); },
        [field](T& t, const std::string& v) { options_internal::Assign(t.*field, v); });
  }

  // One of `choices`, each a name and the value it sets.
  template <typename F, typename E = typename options_internal::Unwrap<F>::type>
  OptionSet& Enum(std::string name, F T::*field, std::string default_name,
                  std::vector<std::pair<std::string, E>> choices, std::string description) {
    OptionSpec spec =
        Spec(std::move(name), OptionSpec::Type::kEnum, default_name, std::move(description));
    E default_value{};
    for (const auto& [choice, value] : choices) {
      spec.choices.push_back(choice);
      if (choice == default_name) default_value = value;
    }
    return Add(
        std::move(spec),
        [field, default_value](T& t) { options_internal::SetDefault(t.*field, default_value); },
        [field, choices = std::move(choices)](T& t, const std::string& v) {
          for (const auto& [choice, value] : choices) {
            if (choice == v) options_internal::Assign(t.*field, value);
          }
        });
  }
  // An enum whose names are its values (a std::string field, or an optional or Given of one).
  template <typename F>
  OptionSet& EnumText(std::string name, F T::*field, std::string default_name,
                      const std::vector<std::string>& choices, std::string description) {
    std::vector<std::pair<std::string, std::string>> named;
    for (const std::string& c : choices) named.emplace_back(c, c);
    return Enum(std::move(name), field, std::move(default_name), std::move(named),
                std::move(description));
  }

  // Every option of `other`, bound to the member `part` of T.
  template <typename U>
  OptionSet& Include(U T::*part, const OptionSet<U>& other) {
    for (size_t i = 0; i < other.specs_.size(); ++i) {
      const auto& b = other.binders_[i];
      Add(
          other.specs_[i], [part, d = b.set_default](T& t) { d(t.*part); },
          [part, set = b.set](T& t, const std::string& v) { set(t.*part, v); });
    }
    return *this;
  }

  const std::vector<OptionSpec>& specs() const { return specs_; }

  // The declared defaults, then `given` checked and applied; errors name `field[name]`.
  absl::StatusOr<T> Parse(const OptionMap& given, const std::string& field) const {
    T out = Defaults();
    for (const auto& [name, value] : given) {
      const std::string where = field + "[" + name + "]";
      const size_t i = IndexOf(name);
      if (i == specs_.size()) return UnknownOption(specs_, where);
      if (absl::Status s = CheckOptionValue(specs_[i], value, where); !s.ok()) return s;
      binders_[i].set(out, value);
    }
    return out;
  }

  T Defaults() const {
    T out{};
    for (const Binder& b : binders_) b.set_default(out);
    return out;
  }

 private:
  template <typename>
  friend class OptionSet;

  // How option i reaches its field (binders_[i] for specs_[i]).
  struct Binder {
    std::function<void(T&)> set_default;
    std::function<void(T&, const std::string&)> set;  // the value is checked before
  };

  static OptionSpec Spec(std::string name, OptionSpec::Type type, std::string default_value,
                         std::string description) {
    OptionSpec spec;
    spec.name = std::move(name);
    spec.type = type;
    spec.default_value = std::move(default_value);
    spec.description = std::move(description);
    return spec;
  }

  OptionSet& Add(OptionSpec spec, std::function<void(T&)> set_default,
                 std::function<void(T&, const std::string&)> set) {
    specs_.push_back(std::move(spec));
    binders_.push_back({std::move(set_default), std::move(set)});
    return *this;
  }

  size_t IndexOf(const std::string& name) const {
    size_t i = 0;
    while (i < specs_.size() && specs_[i].name != name) ++i;
    return i;
  }

  std::vector<OptionSpec> specs_;
  std::vector<Binder> binders_;
};

}  // namespace kibitzer::core
