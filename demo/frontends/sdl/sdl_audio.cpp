// demo/frontends/sdl/sdl_audio.cpp: opening the device, queueing frames, draining a recording.
#include "sdl_audio.hpp"

#include <cstdio>
#include <string_view>

#include "../../game/chiptune.hpp"
#include "../../game/session.hpp"

namespace demo {
namespace {

// A player's device starts with this much silence queued, so that a frame that comes a little
// late finds sound still queued instead of an empty device (a click).
constexpr int frames_of_slack = 3;
// Past this, the game is running ahead of the device (a clock a little fast): a frame's sound is
// dropped, so that the music never lags the game by more.
const auto most_queued_bytes = static_cast<Uint32>(8 * samples_per_frame * sizeof(std::int16_t));
// How long finish() waits for the driver to take a recording before giving up on it.
constexpr Uint64 drain_limit_ms = 60'000;

} // namespace

sdl_audio::sdl_audio(bool scripted)
    : samples_(samples_per_frame) {
  if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
    std::fprintf(stderr, "strata-demo: no sound: %s\n", SDL_GetError());
    return;
  }
  initialized_ = true;
  const char* driver = SDL_GetCurrentAudioDriver();
  recording_ = scripted && driver != nullptr && std::string_view(driver) == "disk";
  // A script runs faster than sound plays: it is silent unless it is recorded. A recording
  // opens its device in finish(), since an open device writes silence while it waits.
  if (scripted || !open()) {
    return;
  }
  std::vector<std::int16_t> slack(frames_of_slack * samples_per_frame, std::int16_t{0});
  SDL_QueueAudio(device_, slack.data(), static_cast<Uint32>(slack.size() * sizeof(std::int16_t)));
  SDL_PauseAudioDevice(device_, 0);
}

bool sdl_audio::open() {
  SDL_AudioSpec wanted{};
  wanted.freq = audio_rate;
  wanted.format = AUDIO_S16LSB; // what a recording's file holds, on any machine
  wanted.channels = 1;
  wanted.samples = 1024;
  // No allowed changes: SDL converts to the device's format.
  device_ = SDL_OpenAudioDevice(nullptr, 0, &wanted, nullptr, 0);
  if (device_ == 0) {
    std::fprintf(stderr, "strata-demo: no sound: %s\n", SDL_GetError());
  }
  return device_ != 0;
}

sdl_audio::~sdl_audio() {
  if (device_ != 0) {
    SDL_CloseAudioDevice(device_);
  }
  if (initialized_) {
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
  }
}

void sdl_audio::frame(double song_before, double song_after, std::span<const effect> started) {
  if (device_ == 0 && !recording_) {
    return;
  }
  mixer_.mix_frame(song_before, song_after, started, samples_);
  if (recording_) {
    recorded_.insert(recorded_.end(), samples_.begin(), samples_.end());
    return;
  }
  if (SDL_GetQueuedAudioSize(device_) > most_queued_bytes) {
    return;
  }
  SDL_QueueAudio(device_, samples_.data(),
                 static_cast<Uint32>(samples_.size() * sizeof(std::int16_t)));
}

void sdl_audio::finish() {
  if (!recording_ || !open()) {
    return;
  }
  // A tail of silence: the driver writes a buffer after taking it from the queue, so once the
  // queue is empty the last of the recording is on disk, and the device can close at once.
  recorded_.resize(recorded_.size() + audio_rate / 10, std::int16_t{0});
  if (SDL_QueueAudio(device_, recorded_.data(),
                     static_cast<Uint32>(recorded_.size() * sizeof(std::int16_t))) != 0) {
    std::fprintf(stderr, "strata-demo: cannot record the sound: %s\n", SDL_GetError());
    return;
  }
  SDL_PauseAudioDevice(device_, 0);
  const Uint64 started = SDL_GetTicks64();
  while (SDL_GetQueuedAudioSize(device_) > 0) {
    if (SDL_GetTicks64() - started > drain_limit_ms) {
      std::fprintf(stderr, "strata-demo: the sound driver did not take the whole recording\n");
      break;
    }
    SDL_Delay(10);
  }
  SDL_CloseAudioDevice(device_);
  device_ = 0;
}

} // namespace demo
