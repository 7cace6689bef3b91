// demo/game/tour.cpp: the tour: boot, title, a level with pause, inventory and the stack
// overlay, a level cleared through the boss dialog, a siege round, two battle turns, and back
// to the title to quit.
#include "tour.hpp"

namespace demo {

std::string_view tour_script() {
  return R"(
wait 46 enter wait 2                 # boot, title -> world map
enter wait 17                        # Meadow
right*2 down*2 wait 10               # a gem
p wait 30 p wait 5                   # pause: a freeze overlay, the level stands still, the music plays on
i wait 30 i wait 5                   # inventory: a live overlay, the enemies keep moving, slowed
tab wait 15 tab                      # the stack overlay
p q wait 5                           # leave the level from the pause menu
down enter wait 17                   # Caverns
down*5 right*3 up*2 right up left down*3 right*5 up right*7
left*3 up*4 right*8 right*3 down*4 right*8
right wait 15 y wait 5               # the boss asks; the answer goes back to the level
right*2 wait 10 enter wait 5         # through the door: level clear -> world map
down enter                           # Rampart Keep
( enter wait 4 )*50                  # one round: turrets, fire, rebuild, summary
wait 30 esc q wait 5                 # Esc pauses the siege; leave it from the pause menu
down enter wait 5                    # Orc Pass
enter enter enter wait 150           # the Knight attacks the Orc; the foes strike back
down down enter right enter wait 300 # the Mage casts a fireball: one chain per foe
esc wait 5                           # retreat
esc wait 5 q wait 2 y wait 2         # world map -> title -> quit? -> yes
)";
}

} // namespace demo
