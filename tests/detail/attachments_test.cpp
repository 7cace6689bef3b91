// tests/detail/attachments_test.cpp: pins detail/attachments.hpp on its own: a name copy keeps
// every byte (NUL included), an exit callback runs in its (Context&, T&) or (T&) form, and
// releasing either destroys it and gives its memory back to the pool.
#include <array>
#include <cstddef>
#include <memory_resource>
#include <new>
#include <string>
#include <string_view>
#include <utility>

#include <gtest/gtest.h>
#include <strata/detail/attachments.hpp>

namespace {

using namespace std::string_view_literals;
namespace detail = strata::detail;

struct context {
  std::string seen;
};
struct event {};
struct boss {
  int hp = 3;
};

// Counts what the pool asks of its upstream memory.
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

// Builds the holder of `callback` in the pool, as a push's .on_exit() does.
template <class T, class F>
detail::exit_callback<context>* attach(detail::block_pool& pool, F callback) {
  using holder = detail::exit_callback_for<context, T, F>;
  void* memory = pool.allocate(sizeof(holder), alignof(holder));
  return ::new (memory) holder{{&holder::run, &holder::destroy, sizeof(holder), alignof(holder)},
                               std::move(callback)};
}

// Counts its destructions, so that a test sees the capture go.
struct token {
  int* destroyed;
  token(const token&) = delete;
  token& operator=(const token&) = delete;
  token(token&& other) noexcept
      : destroyed(std::exchange(other.destroyed, nullptr)) {}
  token& operator=(token&&) = delete;
  explicit token(int* counter)
      : destroyed(counter) {}
  ~token() {
    if (destroyed != nullptr) {
      ++*destroyed;
    }
  }
};

// An empty view may hold a null pointer: the copy reads no byte of it (UBSan checks it in CI).
TEST(attachments, an_empty_view_copies_to_an_empty_name) {
  counting_resource memory;
  detail::block_pool pool(&memory);
  detail::name_copy* copy = detail::make_name_copy(pool, std::string_view{});
  EXPECT_EQ(copy->size, 0U);
  EXPECT_EQ(copy->text()[0], '\0');
  detail::release_name(pool, copy);
}

TEST(attachments, a_name_copy_keeps_every_byte) {
  counting_resource memory;
  detail::block_pool pool(&memory);
  const std::string_view name = "a\0b"sv;
  detail::name_copy* copy = detail::make_name_copy(pool, name);
  EXPECT_EQ(std::string_view(copy->text(), copy->size), name);
  EXPECT_EQ(copy->text()[3], '\0');
  const detail::entry<context, event> e{nullptr, nullptr, copy, nullptr, {}, {}, false};
  EXPECT_EQ(e.name(), name);
  detail::release_name(pool, copy);
  // The block went back: the next name of its size class reuses it.
  EXPECT_EQ(detail::make_name_copy(pool, "abc"), copy);
}

TEST(attachments, a_long_name_goes_back_upstream) {
  counting_resource memory;
  detail::block_pool pool(&memory);
  const std::string long_name(300, 'n');
  detail::name_copy* copy = detail::make_name_copy(pool, long_name);
  EXPECT_EQ(std::string_view(copy->text()), long_name);
  EXPECT_EQ(memory.outstanding, detail::name_copy::bytes_for(300));
  detail::release_name(pool, copy);
  EXPECT_EQ(memory.outstanding, 0U);
}

TEST(attachments, an_exit_callback_runs_with_the_context_or_without) {
  detail::block_pool pool(std::pmr::new_delete_resource());
  context ctx;
  boss left;
  auto* with_context =
      attach<boss>(pool, [](context& c, boss& b) { c.seen += "ctx:" + std::to_string(b.hp); });
  auto* state_only = attach<boss>(pool, [](boss& b) { b.hp = 0; });
  with_context->run(with_context, ctx, &left);
  state_only->run(state_only, ctx, &left);
  with_context->run(with_context, ctx, &left);
  EXPECT_EQ(ctx.seen, "ctx:3ctx:0");
  // A callback that takes either form gets the context.
  std::size_t arity = 0;
  auto* either = attach<boss>(pool, [&arity](auto&... args) { arity = sizeof...(args); });
  either->run(either, ctx, &left);
  EXPECT_EQ(arity, 2U);
  detail::release_callback(pool, with_context);
  detail::release_callback(pool, state_only);
  detail::release_callback(pool, either);
}

TEST(attachments, releasing_a_callback_destroys_its_captures_and_frees_it) {
  counting_resource memory;
  detail::block_pool pool(&memory);
  int destroyed = 0;
  std::array<char, 300> big{}; // past the pool's largest block: straight from upstream
  auto* callback = attach<boss>(pool, [t = token(&destroyed), big](boss&) { (void)big; });
  EXPECT_EQ(memory.allocations, 1U);
  EXPECT_NE(memory.outstanding, 0U);
  EXPECT_EQ(destroyed, 0);
  detail::release_callback(pool, callback);
  EXPECT_EQ(destroyed, 1);
  EXPECT_EQ(memory.outstanding, 0U);
}

} // namespace
