// tests/detail/attachments_test.cpp: pins detail/attachments.hpp on its own: a name copy keeps
// every byte (NUL included), an exit callback runs in its (Context&, T&) or (T&) form, and
// releasing either destroys it and gives its memory back to the pool; an entry's extras are made
// once, start from its type's time scale and give back everything they hold.
#include <array>
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <string_view>
#include <utility>

#include <gtest/gtest.h>
#include <strata/detail/attachments.hpp>

#include "support/counting_resource.hpp"

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

using strata_test::counting_resource;
const strata::memory new_and_delete{};

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
  detail::block_pool pool(memory.as_memory());
  detail::name_copy* copy = detail::make_name_copy(pool, std::string_view{});
  EXPECT_EQ(copy->size, 0U);
  EXPECT_EQ(copy->text()[0], '\0');
  detail::release_name(pool, copy);
}

TEST(attachments, a_name_copy_keeps_every_byte) {
  counting_resource memory;
  detail::block_pool pool(memory.as_memory());
  const std::string_view name = "a\0b"sv;
  detail::name_copy* copy = detail::make_name_copy(pool, name);
  EXPECT_EQ(std::string_view(copy->text(), copy->size), name);
  EXPECT_EQ(copy->text()[3], '\0');
  detail::entry_extras<context> extras{copy, nullptr};
  detail::entry<context, event> e;
  e.extras = &extras;
  EXPECT_EQ(e.name(), name);
  detail::release_name(pool, copy);
  // The block went back: the next name of its size class reuses it.
  EXPECT_EQ(detail::make_name_copy(pool, "abc"), copy);
}

TEST(attachments, a_long_name_goes_back_upstream) {
  counting_resource memory;
  detail::block_pool pool(memory.as_memory());
  const std::string long_name(300, 'n');
  detail::name_copy* copy = detail::make_name_copy(pool, long_name);
  EXPECT_EQ(std::string_view(copy->text()), long_name);
  EXPECT_EQ(memory.outstanding, detail::name_copy::bytes_for(300));
  detail::release_name(pool, copy);
  EXPECT_EQ(memory.outstanding, 0U);
}

TEST(attachments, an_exit_callback_runs_with_the_context_or_without) {
  detail::block_pool pool(&new_and_delete);
  context ctx;
  boss left;
  auto* with_context =
      attach<boss>(pool, [](context& c, boss& b) { c.seen += "ctx:" + std::to_string(b.hp); });
  auto* state_only = attach<boss>(pool, [](boss& b) { b.hp = 0; });
  with_context->run(with_context, ctx, &left, {});
  state_only->run(state_only, ctx, &left, {});
  with_context->run(with_context, ctx, &left, {});
  EXPECT_EQ(ctx.seen, "ctx:3ctx:0");
  // A callback that takes either form gets the context.
  std::size_t arity = 0;
  auto* either = attach<boss>(pool, [&arity](auto&... args) { arity = sizeof...(args); });
  either->run(either, ctx, &left, {});
  EXPECT_EQ(arity, 2U);
  detail::release_callback(pool, with_context);
  detail::release_callback(pool, state_only);
  detail::release_callback(pool, either);
}

TEST(attachments, releasing_a_callback_destroys_its_captures_and_frees_it) {
  counting_resource memory;
  detail::block_pool pool(memory.as_memory());
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

TEST(attachments, extras_are_made_once_and_give_back_what_they_hold) {
  counting_resource memory;
  detail::block_pool pool(memory.as_memory());
  detail::type_ops<context, event> slow_type{};
  slow_type.time_scale = 0.5F;
  detail::entry<context, event> e(&slow_type, nullptr, detail::ownership::borrowed);
  EXPECT_EQ(e.extras, nullptr);
  EXPECT_EQ(e.time_scale(), 0.5F); // the type's, kept in the entry
  EXPECT_EQ(e.on_exit(), nullptr);
  detail::entry_extras<context>& extras = detail::extras_of(pool, e);
  EXPECT_EQ(&detail::extras_of(pool, e), &extras); // made once
  int destroyed = 0;
  extras.name_override = detail::make_name_copy(pool, "boss"sv);
  extras.on_exit = attach<boss>(pool, [t = token(&destroyed)](boss&) {});
  EXPECT_EQ(e.name(), "boss");
  EXPECT_EQ(e.on_exit(), extras.on_exit);
  detail::release_extras(pool, e.extras);
  EXPECT_EQ(destroyed, 1);
  // Every block is back on its free list: as many new ones again take nothing more upstream.
  const std::size_t upstream = memory.allocations;
  detail::entry<context, event> again(&slow_type, nullptr, detail::ownership::borrowed);
  detail::extras_of(pool, again).name_override = detail::make_name_copy(pool, "boss"sv);
  again.extras->on_exit = attach<boss>(pool, [](boss&) {});
  EXPECT_EQ(memory.allocations, upstream);
  detail::release_extras(pool, again.extras);
}

TEST(attachments, an_entry_packs_into_five_words) {
  EXPECT_EQ(sizeof(detail::entry<context, event>), 5 * sizeof(void*));
  const strata::entry_id every_bit{~std::uint64_t{0}};
  detail::entry<context, event> e(nullptr, nullptr, detail::ownership::borrowed);
  e.set_id(every_bit);
  e.set_mode(strata::modality::transparent);
  e.set_paused(true);
  EXPECT_EQ(e.id(), every_bit);
  EXPECT_EQ(e.mode(), strata::modality::transparent);
  EXPECT_TRUE(e.paused());
  EXPECT_EQ(e.owned(), detail::ownership::borrowed); // the modality left the ownership alone
  e.set_mode(strata::modality::opaque);
  e.set_paused(false);
  EXPECT_EQ(e.id(), every_bit); // the flags left it alone
  EXPECT_EQ(e.mode(), strata::modality::opaque);
  EXPECT_EQ(e.owned(), detail::ownership::borrowed);
}

} // namespace
