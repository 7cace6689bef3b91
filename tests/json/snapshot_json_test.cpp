// The JSON form of a snapshot (strata/snapshot_json.hpp): what to_json() writes, that reading it
// back gives the same snapshot, and that every malformed document is refused with its place.
#include <strata/snapshot_json.hpp>

#include <limits>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

strata::snapshot every_attribute() {
  strata::saved_state title;
  title.key = "title";
  title.data.set_version(1);
  strata::saved_state level;
  level.key = "level";
  level.data = strata::record{2};
  level.data.set("number", 3);
  level.data.set("boss", true);
  level.data.set("speed", 1.5);
  level.data.set("hero", "Ana \"the\" bold\n");
  level.name = "Level 3";
  level.modality = strata::modality{false, false, true};
  level.time_scale = 0.1F;
  level.transition = strata::transition{0.3F, 0.2F, true};
  level.on_exit = "world.level_done";
  return strata::snapshot{{title, level}};
}

TEST(snapshot_json, writes_every_attribute_in_a_fixed_order) {
  EXPECT_EQ(strata::to_json(every_attribute()).dump(),
            R"({"format":"strata snapshot 1","states":[{"key":"title","version":1},)"
            R"({"key":"level","version":2,"fields":{"number":3,"boss":true,"speed":1.5,)"
            R"("hero":"Ana \"the\" bold\n"},"name":"Level 3","modality":"input",)"
            R"("time_scale":0.10000000149011612,"transition":{"arrive":0.30000001192092896,)"
            R"("leave":0.20000000298023224,"input_passes":true},"on_exit":"world.level_done"}]})");
}

TEST(snapshot_json, reads_back_what_it_wrote) {
  const strata::snapshot saved = every_attribute();
  const std::string dumped = strata::to_json(saved).dump(2);
  const strata::parsed_snapshot read =
      strata::snapshot_from_json(nlohmann::ordered_json::parse(dumped));
  ASSERT_TRUE(read) << read.problem;
  EXPECT_EQ(read.taken, saved);
  EXPECT_EQ(strata::to_text(read.taken), strata::to_text(saved));
}

TEST(snapshot_json, a_plain_json_value_reads_the_fields_sorted_by_name) {
  const strata::parsed_snapshot read = strata::snapshot_from_json(
      nlohmann::json::parse(R"({"states":[{"key":"level","fields":{"b":1,"a":2}}]})"));
  ASSERT_TRUE(read) << read.problem;
  ASSERT_EQ(read.taken.states.size(), 1U);
  EXPECT_EQ(read.taken.states[0].data.fields()[0].name, "a");
  EXPECT_EQ(read.taken.states[0].data.version(), 0U); // not said: restore reads the current one
}

TEST(snapshot_json, an_infinite_number_is_written_as_null_and_refused_when_read) {
  strata::saved_state odd;
  odd.key = "odd";
  odd.data.set("far", std::numeric_limits<double>::infinity());
  const nlohmann::ordered_json written = strata::to_json(strata::snapshot{{odd}});
  EXPECT_EQ(written.dump(), R"({"format":"strata snapshot 1","states":[{"key":"odd","fields":)"
                            R"({"far":null}}]})");
  const strata::parsed_snapshot read =
      strata::snapshot_from_json(nlohmann::ordered_json::parse(written.dump()));
  EXPECT_FALSE(read);
  EXPECT_EQ(read.line, 1U);
  EXPECT_EQ(read.problem, "field \"far\" is not a flag, a 64-bit integer, a number or a string");
}

struct malformed {
  const char* document;
  std::size_t place;
  const char* problem;
};

TEST(snapshot_json, every_malformed_document_is_refused_with_its_place) {
  const malformed cases[] = {
      {R"([])", 0, "a snapshot is an object with a \"states\" array"},
      {R"({"states":{}})", 0, "a snapshot is an object with a \"states\" array"},
      {R"({"format":"strata snapshot 2","states":[]})", 0,
       "\"format\" is not \"strata snapshot 1\""},
      {R"({"states":[{"key":"a"},3]})", 2, "a state is an object with a \"key\" string"},
      {R"({"states":[{"key":"a b"}]})", 1, "'a b' is not a key"},
      {R"({"states":[{"key":"a","colour":1}]})", 1, "unknown member \"colour\""},
      {R"({"states":[{"key":"a","version":0}]})", 1, "\"version\" is a whole number, 1 or more"},
      {R"({"states":[{"key":"a","version":-2}]})", 1, "\"version\" is a whole number, 1 or more"},
      {R"({"states":[{"key":"a","fields":[]}]})", 1, "\"fields\" is an object"},
      {R"({"states":[{"key":"a","fields":{"x":[1]}}]})", 1,
       "field \"x\" is not a flag, a 64-bit integer, a number or a string"},
      {R"({"states":[{"key":"a","fields":{"x":18446744073709551615}}]})", 1,
       "field \"x\" is not a flag, a 64-bit integer, a number or a string"},
      {R"({"states":[{"key":"a","fields":{"bad name":1}}]})", 1,
       "'bad name' is not a field name: 1 to 64 letters, digits and '_', '.', ':', '-'"},
      {R"({"states":[{"key":"a","name":1}]})", 1, "\"name\" is a string"},
      {R"({"states":[{"key":"a","modality":"sideways"}]})", 1,
       "\"modality\" is screen, opaque, freeze, live, transparent or a '+' list of update, draw, "
       "input"},
      {R"({"states":[{"key":"a","time_scale":"1"}]})", 1, "\"time_scale\" is a number"},
      {R"({"states":[{"key":"a","transition":{"arrive":1}}]})", 1,
       "\"transition\" is {\"arrive\": number, \"leave\": number, \"input_passes\": flag}"},
      {R"({"states":[{"key":"a","on_exit":"a b"}]})", 1, "\"on_exit\" is a key"},
  };
  for (const malformed& bad : cases) {
    const strata::parsed_snapshot read =
        strata::snapshot_from_json(nlohmann::json::parse(bad.document));
    EXPECT_FALSE(read) << bad.document;
    EXPECT_EQ(read.line, bad.place) << bad.document;
    EXPECT_EQ(read.problem, bad.problem) << bad.document;
    EXPECT_TRUE(read.taken.states.empty()) << bad.document;
  }
}

} // namespace
