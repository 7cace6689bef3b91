// demo/game/savable_states.cpp: the registry of the states a saved game can hold. A version goes
// up, with `oldest` raised to it, when a state's record changes in a way the constructor cannot
// read from an older save: such a save then starts a new game instead.
#include "savable_states.hpp"

#include "states/battle.hpp"
#include "states/battle_actions.hpp"
#include "states/dialog.hpp"
#include "states/game_over.hpp"
#include "states/inventory.hpp"
#include "states/level.hpp"
#include "states/level_clear.hpp"
#include "states/pause.hpp"
#include "states/realm_safe.hpp"
#include "states/siege_phases.hpp"
#include "states/siege_round.hpp"
#include "states/siege_victory.hpp"
#include "states/title.hpp"
#include "states/world.hpp"

namespace demo {
namespace {

savable_states make_registry() {
  savable_states out;
  auto& types = out.types;
  types.add<title>("title");
  types.add<world>("world");
  types.add<level>("level");
  types.add<pause_menu>("pause");
  types.add<inventory>("inventory");
  types.add<dialog>("dialog");
  types.add<level_clear>("level_clear");
  types.add<game_over>("game_over");
  types.add<realm_safe>("realm_safe");
  types.add<siege_round>("siege_round");
  types.add<banner>("banner");
  types.add<place_turrets>("place_turrets");
  types.add<fire>("fire");
  types.add<rebuild>("rebuild");
  types.add<round_summary>("round_summary");
  types.add<siege_victory>("siege_victory");
  types.add<battle>("battle");
  types.add<hit>("hit");
  types.add<destruction_check>("destruction_check");
  types.add<counterattack>("counterattack");

  types.result<&world::level_done>("world.level_done");
  types.result<&world::siege_done>("world.siege_done");
  types.result<&world::battle_done>("world.battle_done");
  types.result<&level::boss_answered>("level.boss_answered");

  out.owners = {{"inventory", "level"},
                {"place_turrets", "siege_round"},
                {"fire", "siege_round"},
                {"rebuild", "siege_round"},
                {"round_summary", "siege_round"},
                {"siege_victory", "siege_round"},
                {"hit", "battle"},
                {"destruction_check", "battle"},
                {"counterattack", "battle"}};
  return out;
}

} // namespace

const savable_states& savable() {
  static const savable_states registry = make_registry();
  return registry;
}

} // namespace demo
