// strata/detail/inbox_door.hpp: what a stack knows of the inbox its posters share (R35,
// post_inbox.hpp): whether posts wait, how to apply them, how to close the inbox. An interface of
// its own, so that stack.hpp includes neither <mutex> nor <atomic> for a game that never posts:
// only <strata/poster.hpp> makes an inbox. Its calls are virtual; a stack makes them only once it
// has made a poster.
#pragma once

namespace strata::detail {

class inbox_door {
public:
  inbox_door(const inbox_door&) = delete;
  inbox_door& operator=(const inbox_door&) = delete;
  inbox_door(inbox_door&&) = delete;
  inbox_door& operator=(inbox_door&&) = delete;

  // Whether posts wait for the next commit. Any thread may have made them.
  [[nodiscard]] virtual bool has_posts() const noexcept = 0;
  // On the game thread: runs the posts that waited when the call began, oldest first, each with
  // `target` (the stack). Posts made meanwhile wait for the next call. A post that throws is
  // destroyed, and the posts behind it stay first in line.
  virtual void apply_posts(void* target) = 0;
  // On the game thread, as the stack is destroyed: destroys the posts waiting without running
  // them, refuses posts from then on, and gives up the stack's share of the inbox.
  virtual void close() noexcept = 0;

protected:
  inbox_door() = default;
  ~inbox_door() = default;
};

} // namespace strata::detail
