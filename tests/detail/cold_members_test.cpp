// tests/detail/cold_members_test.cpp: pins detail/cold_members.hpp on its own: a stack's cold
// members cost nothing until the first request that needs them, are made once, from the stack's
// memory resource, and given back to it when their storage goes.
#include <cstddef>
#include <memory_resource>

#include <gtest/gtest.h>
#include <strata/detail/cold_members.hpp>

namespace {

namespace detail = strata::detail;

class counting_resource : public std::pmr::memory_resource {
public:
  std::size_t allocations = 0;
  std::size_t outstanding = 0; // bytes

private:
  void* do_allocate(std::size_t bytes, std::size_t alignment) override {
    ++allocations;
    outstanding += bytes;
    return std::pmr::new_delete_resource()->allocate(bytes, alignment);
  }
  void do_deallocate(void* memory, std::size_t bytes, std::size_t alignment) override {
    outstanding -= bytes;
    std::pmr::new_delete_resource()->deallocate(memory, bytes, alignment);
  }
  [[nodiscard]] bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override {
    return this == &other;
  }
};

TEST(cold_members, are_made_once_on_first_need_and_given_back) {
  counting_resource memory;
  {
    detail::cold_storage cold(&memory);
    EXPECT_EQ(cold.find(), nullptr);
    EXPECT_EQ(memory.allocations, 0U); // a stack that never needs them pays nothing
    detail::cold_members& made = cold.get();
    EXPECT_EQ(cold.find(), &made);
    EXPECT_EQ(&cold.get(), &made);
    EXPECT_EQ(memory.allocations, 1U);
    EXPECT_EQ(memory.outstanding, sizeof(detail::cold_members));
    made.observer = [](const strata::step_info&) {};
    made.log.record("spawner", "spawner");
    EXPECT_EQ(made.log.describe(), ": 'spawner' keeps pushing 'spawner'");
  }
  EXPECT_EQ(memory.outstanding, 0U);
}

} // namespace
