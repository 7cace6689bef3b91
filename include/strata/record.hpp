// strata/record.hpp: what a state keeps when its stack is saved: named fields of four kinds
// (flag, integer, number, text), in the order the state wrote them, so that the same state
// always saves the same bytes. A state writes them in `void save(strata::record&) const` and
// reads them back in a constructor that takes a `strata::record&` (docs/save-restore.md).
//
//   void save(strata::record& out) const { out.set("number", number_); }
//   level(game& g, strata::record& saved) : number_(saved.get<int>("number")) {}
//
// Reading never throws: a missing field, one of another kind or an integer out of the target's
// range gives a value-initialized T and marks the record failed, with the first problem kept,
// so that a restore can refuse the state and say why (in builds without exceptions too).
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace strata {

namespace detail {
class record_scratch;
class field_counts;
// Which bytes a save word may hold, as a table: every field a state saves checks its name, and
// one load per character is a third of the comparisons' cost (S9, issue 14).
inline constexpr std::array<bool, 256> save_word_chars = [] {
  std::array<bool, 256> allowed{};
  for (int c = 0; c < 256; ++c) {
    allowed[static_cast<std::size_t>(c)] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                                           (c >= '0' && c <= '9') || c == '_' || c == '.' ||
                                           c == ':' || c == '-';
  }
  return allowed;
}();
[[nodiscard]] constexpr bool is_save_word_char(char c) {
  return save_word_chars[static_cast<unsigned char>(c)];
}
} // namespace detail

// Keys and field names are words of the snapshot text: save_word_rule says which.
inline constexpr std::string_view save_word_rule = "1 to 64 letters, digits and '_', '.', ':', '-'";
[[nodiscard]] constexpr bool is_save_word(std::string_view text) {
  if (text.empty() || text.size() > 64) {
    return false;
  }
  for (const char c : text) {
    if (!detail::is_save_word_char(c)) {
      return false;
    }
  }
  return true;
}

// One field's value. The order of the alternatives is the kinds' order in error messages.
using field_value = std::variant<bool, std::int64_t, double, std::string>;

struct field {
  std::string name;
  field_value value;
  friend bool operator==(const field&, const field&) = default;
};

// The kind of a field, as messages and the text form name it.
[[nodiscard]] inline std::string_view kind_name(const field_value& value) {
  static constexpr std::string_view names[] = {"a flag", "an integer", "a number", "text"};
  return names[value.index()];
}

class record {
public:
  record() = default;
  // `version`: the version of the state type the fields were saved by; 0 says none (a
  // hand-written snapshot line), which restore reads as the type's current version.
  explicit record(std::uint32_t version, std::vector<field> fields = {})
      : version_(version)
      , fields_(std::move(fields)) {}

  // ---- writing (a state's save()) ----

  // Sets a field; a name written twice keeps its first place and the last value.
  void set(std::string_view name, bool value) { put(name, value); }
  template <std::integral T>
  requires(!std::same_as<T, bool>) void set(std::string_view name, T value) {
    if constexpr (std::is_unsigned_v<T> && sizeof(T) >= sizeof(std::int64_t)) {
      if (value > static_cast<T>(std::numeric_limits<std::int64_t>::max())) {
        fail("field '" + std::string(name) + "' is too large to save as an integer");
        return;
      }
    }
    put(name, static_cast<std::int64_t>(value));
  }
  template <std::floating_point T>
  void set(std::string_view name, T value) {
    put(name, static_cast<double>(value));
  }
  void set(std::string_view name, std::string_view value) { put(name, std::string(value)); }
  void set(std::string_view name, const char* value) { set(name, std::string_view(value)); }
  void set(std::string_view name, const std::string& value) { set(name, std::string_view(value)); }

  // ---- reading (a state's restoring constructor) ----

  // The field's value as T (bool, an integer type, float or double, std::string). An integer
  // field reads as a number too; nothing else converts.
  template <class T>
  [[nodiscard]] T get(std::string_view name) {
    const field_value* found = find(name);
    if (found == nullptr) {
      fail("missing field '" + std::string(name) + "'");
      return T{};
    }
    return convert<T>(name, *found);
  }
  // The same, or `fallback` when the record has no such field (one added in a later version).
  template <class T>
  [[nodiscard]] T get_or(std::string_view name, T fallback) {
    const field_value* found = find(name);
    return found == nullptr ? fallback : convert<T>(name, *found);
  }
  [[nodiscard]] bool has(std::string_view name) const { return find(name) != nullptr; }

  // Refuses the record for a reason of the state's own (a level number out of range, say).
  // The first problem is the one kept.
  void fail(std::string reason) {
    if (!problem_) {
      problem_ = std::move(reason);
    }
  }
  [[nodiscard]] bool failed() const { return problem_.has_value(); }
  // The first problem, empty if none.
  [[nodiscard]] std::string_view problem() const {
    return problem_ ? std::string_view(*problem_) : std::string_view{};
  }

  [[nodiscard]] std::uint32_t version() const { return version_; }
  void set_version(std::uint32_t version) { version_ = version; }
  [[nodiscard]] const std::vector<field>& fields() const { return fields_; }

  // Equal when the same fields were saved by the same version (a problem is not saved).
  friend bool operator==(const record& a, const record& b) {
    return a.version_ == b.version_ && a.fields_ == b.fields_;
  }

private:
  friend class detail::record_scratch; // refills a record without freeing its strings (restore())
  friend class detail::field_counts;   // sizes a record before a save() writes it

  void put(std::string_view name, field_value value) {
    if (!is_save_word(name)) {
      // Appended rather than joined with +, which g++ 12 -O3 misreads as an overlapping memcpy
      // (-Wrestrict, GCC bug 105329).
      std::string reason = "'";
      reason.append(name).append("' is not a field name: ").append(save_word_rule);
      fail(std::move(reason));
      return;
    }
    for (field& f : fields_) {
      if (f.name == name) {
        f.value = std::move(value);
        return;
      }
    }
    // The name is copied before the array may grow: it may be a view of a field's own text,
    // which growing moves (a C callback may pass the pointer strata_record_text() gave it). If
    // either allocation fails, the record stays as it was; the moves after them cannot fail.
    std::string owned_name(name);
    field& added = fields_.emplace_back();
    added.name = std::move(owned_name);
    added.value = std::move(value);
  }

  [[nodiscard]] const field_value* find(std::string_view name) const {
    for (const field& f : fields_) {
      if (f.name == name) {
        return &f.value;
      }
    }
    return nullptr;
  }

  template <class T>
  T convert(std::string_view name, const field_value& value) {
    if constexpr (std::same_as<T, bool>) {
      if (const bool* flag = std::get_if<bool>(&value)) {
        return *flag;
      }
      return wrong_kind<T>(name, value, "a flag");
    } else if constexpr (std::integral<T>) {
      if (const std::int64_t* integer = std::get_if<std::int64_t>(&value)) {
        if (!std::in_range<T>(*integer)) {
          fail("field '" + std::string(name) + "' = " + std::to_string(*integer) +
               " is out of range");
          return T{};
        }
        return static_cast<T>(*integer);
      }
      return wrong_kind<T>(name, value, "an integer");
    } else if constexpr (std::floating_point<T>) {
      if (const double* number = std::get_if<double>(&value)) {
        return static_cast<T>(*number);
      }
      if (const std::int64_t* integer = std::get_if<std::int64_t>(&value)) {
        return static_cast<T>(*integer);
      }
      return wrong_kind<T>(name, value, "a number");
    } else {
      static_assert(std::same_as<T, std::string>,
                    "strata: a record field reads as bool, an integer type, float, double or "
                    "std::string");
      if (const std::string* text = std::get_if<std::string>(&value)) {
        return *text;
      }
      return wrong_kind<T>(name, value, "text");
    }
  }

  template <class T>
  T wrong_kind(std::string_view name, const field_value& value, std::string_view wanted) {
    fail("field '" + std::string(name) + "' is " + std::string(kind_name(value)) + ", not " +
         std::string(wanted));
    return T{};
  }

  std::uint32_t version_ = 0;
  std::vector<field> fields_;
  std::optional<std::string> problem_;
};

} // namespace strata
