// demo/game/tour.hpp: the scripted tour through every mode, played when there is no terminal.
#pragma once

#include <string_view>

namespace demo {

[[nodiscard]] std::string_view tour_script();

} // namespace demo
