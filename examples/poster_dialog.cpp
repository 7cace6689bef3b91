// poster_dialog: a network thread opens the "disconnected" dialog through a poster (R35).
//
// The stack belongs to the game thread and takes no lock. The network thread holds a copy of its
// poster, the one thread-safe door into it: what it posts is a callable that makes ordinary
// requests, run on the game thread at the start of the next commit, so the dialog enters at the
// first commit of the next frame, never in the middle of one. The network thread also posts a
// notice and cancels it before the game got to it (it never shows), closes the dialog once the
// link is back, and finally posts to a game that has quit: the poster outlives the stack, and
// the post is refused.
//
// A handshake (a mutex and a condition variable) makes the network thread take one step at a
// time, between two frames, only so that the output is the same at every run; posting needs no
// such thing. (std::binary_semaphore would do, but MinGW's under wine let steps overlap.)
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>

#include <strata/poster.hpp>
#include <strata/strata.hpp>

namespace {

struct game;
using game_stack = strata::stack<game>;

struct game {
  game_stack states{*this};
};

struct level {
  void enter() { std::puts("  level.enter"); }
  void pause() { std::puts("  level.pause"); }
  void resume() { std::puts("  level.resume"); }
  void exit() { std::puts("  level.exit"); }
};

// Freezes the level under it until the network comes back.
struct disconnected {
  static constexpr strata::modality modality = strata::modality::freeze;
  void enter() { std::puts("  disconnected.enter"); }
  void update(game& /*g*/, double /*dt*/) { std::puts("  disconnected: waiting for the link"); }
  void exit() { std::puts("  disconnected.exit"); }
};

struct notice {
  void enter() { std::puts("  notice.enter (never printed: cancelled)"); }
};

// Whose turn it is, the game's or the network's: each hands the turn over and waits for it back.
class turns {
public:
  void hand_over(bool to_network) {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      network_ = to_network;
    }
    changed_.notify_all();
  }
  void wait_for(bool network) {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return network_ == network; });
  }

private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool network_ = false;
};

// The network thread, one step each time the game lets it.
class network {
public:
  explicit network(strata::poster<game> door)
      : door_(std::move(door))
      , thread_([this] { run(); }) {}
  network(const network&) = delete;
  network& operator=(const network&) = delete;
  ~network() { thread_.join(); }

  // Lets the thread take its next step, and waits until it has.
  void step() {
    turn_.hand_over(true);
    turn_.wait_for(false);
  }

private:
  void run() {
    turn_.wait_for(true);
    const strata::post_ticket lost = door_.post([](game_stack& s) { s.push<disconnected>(); });
    std::printf("network: heartbeat lost, dialog posted (ticket %d)\n", static_cast<int>(lost));
    turn_.hand_over(false);

    turn_.wait_for(true);
    const strata::post_ticket retry = door_.post([](game_stack& s) { s.push<notice>(); });
    const bool cancelled = door_.cancel(retry);
    std::printf("network: a retry notice posted (ticket %d) and cancelled: %s\n",
                static_cast<int>(retry), cancelled ? "yes" : "no");
    const strata::post_ticket back = door_.post([](game_stack& s) { s.pop_until("level"); });
    std::printf("network: link back, close posted (ticket %d)\n", static_cast<int>(back));
    turn_.hand_over(false);

    turn_.wait_for(true);
    const strata::post_ticket late = door_.post([](game_stack& s) { s.clear(); });
    std::printf("network: posted after the game quit: %s\n",
                late == strata::post_ticket::none ? "refused" : "accepted?");
    turn_.hand_over(false);
  }

  strata::poster<game> door_;
  turns turn_;
  std::thread thread_;
};

void frame(game& g, int number) {
  g.states.frame(1.0 / 60);
  std::printf("frame %d: %s\n", number, g.states.describe().c_str());
}

} // namespace

int main() {
  std::optional<game> g{std::in_place};
  g->states.push<level>();
  network net{g->states.poster()};
  frame(*g, 1);

  net.step();
  std::printf("game: before frame 2, pending() is %s and the stack is still %s\n",
              g->states.pending() ? "true" : "false", g->states.describe().c_str());
  frame(*g, 2);
  frame(*g, 3);

  net.step();
  frame(*g, 4);

  std::puts("game: quits");
  g.reset(); // the network thread's poster outlives the stack
  net.step();
}
