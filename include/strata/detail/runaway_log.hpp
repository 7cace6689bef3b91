// strata/detail/runaway_log.hpp: who pushed what during the running commit, so that a commit
// stopped by its transition limit (R23) can name the states that keep pushing. Only the last few
// pushes are kept; the names are copies, since those states may be gone by the time the commit
// is stopped.
#pragma once

#include <array>
#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

#include "message.hpp"

namespace strata::detail {

class runaway_log {
public:
  // A new commit starts a new log.
  void clear() noexcept { count_ = 0; }

  // `by` is the name of the state whose hook pushed, or empty for the observer.
  void record(std::string_view by, std::string_view pushed) noexcept {
    push_record& record = records_[count_ % records_.size()];
    copy_name(record.by, by);
    copy_name(record.pushed, pushed);
    ++count_;
  }

  // ": 'a' keeps pushing 'b', the observer keeps pushing 'c'", newest first, each pair once;
  // empty when nothing was recorded.
  [[nodiscard]] std::string describe() const {
    std::string culprits;
    const std::size_t kept = count_ < records_.size() ? count_ : records_.size();
    for (std::size_t i = 0; i < kept; ++i) {
      const push_record& record = records_[(count_ - 1 - i) % records_.size()];
      const std::string who =
          record.by[0] == '\0' ? std::string("the observer") : join({"'", record.by.data(), "'"});
      const std::string pair = join({who, " keeps pushing '", record.pushed.data(), "'"});
      if (culprits.find(pair) == std::string::npos) {
        culprits.append(culprits.empty() ? ": " : ", ").append(pair);
      }
    }
    return culprits;
  }

private:
  using short_name = std::array<char, 32>;
  struct push_record {
    short_name by; // empty: the observer
    short_name pushed;
  };

  // Cut to fit: a message names the culprits, it need not spell out a long name.
  static void copy_name(short_name& to, std::string_view name) noexcept {
    const std::size_t length = name.size() < to.size() ? name.size() : to.size() - 1;
    if (length > 0) { // an empty view may hold a null pointer, which memcpy must not get
      std::memcpy(to.data(), name.data(), length);
    }
    to[length] = '\0';
  }

  std::size_t count_ = 0;
  std::array<push_record, 8> records_{};
};

} // namespace strata::detail
