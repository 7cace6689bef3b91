// tests/snapshot_text_test.cpp: a snapshot as text (snapshot_text.hpp): to_text() writes the
// same bytes for the same snapshot, in the C locale whatever the program's, and parse_snapshot()
// reads them back, and what people write by hand, or says which line it cannot read and why.
#include <algorithm>
#include <bit>
#include <clocale>
#include <cmath>
#include <cstdint>
#include <limits>
#include <locale>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <strata/snapshot_text.hpp>

namespace strata_test {
namespace {

using strata::field;
using strata::modality;
using strata::parse_snapshot;
using strata::record;
using strata::saved_state;
using strata::snapshot;
using strata::to_text;

saved_state plain(std::string key, std::uint32_t version, std::vector<field> fields = {}) {
  saved_state s;
  s.key = std::move(key);
  s.data = record{version, std::move(fields)};
  return s;
}

// Every field kind and every attribute, each in its written form.
snapshot everything() {
  snapshot taken;
  taken.states.push_back(plain("title", 1));
  saved_state world = plain("world", 3,
                            {field{"gold", std::int64_t{120}}, field{"debt", std::int64_t{-7}},
                             field{"hero", std::string("Ana \"the\" brave\\\n")},
                             field{"alive", true}, field{"cursed", false}, field{"speed", 2.5},
                             field{"whole", 100.0}, field{"tiny", 1e-300}, field{"lots", 1e300}});
  world.name = "World 1";
  world.modality = modality::freeze;
  world.time_scale = 0.5F;
  world.transition = strata::transition{0.25F, 1.0F, true};
  taken.states.push_back(world);
  saved_state level = plain("level", 0, {field{"number", std::int64_t{3}}});
  level.modality = modality{true, false, true};
  level.transition = strata::transition{0.1F, 0.0F, false};
  level.on_exit = "level_done";
  taken.states.push_back(level);
  saved_state toast = plain("ui:toast", 2);
  toast.name = "";
  toast.time_scale = 0.0F;
  toast.modality = modality::transparent;
  taken.states.push_back(toast);
  return taken;
}

constexpr const char* everything_text =
    "strata snapshot 1\n"
    "title v1\n"
    "world v3 gold=120 debt=-7 hero=\"Ana \\\"the\\\" brave\\\\\\n\" alive=true cursed=false "
    "speed=2.5 whole=100.0 tiny=1e-300 lots=1e+300 [name=\"World 1\" modality=freeze "
    "time_scale=0.5 transition=0.25,1,passes]\n"
    "level number=3 [modality=update+input transition=0.1,0 on_exit=level_done]\n"
    "ui:toast v2 [name=\"\" modality=transparent time_scale=0]\n";

TEST(snapshot_text, golden_text_of_every_field_kind_and_attribute) {
  EXPECT_EQ(to_text(everything()), everything_text);
  EXPECT_EQ(to_text(snapshot{}), "strata snapshot 1\n");
}

TEST(snapshot_text, parse_reads_back_what_to_text_wrote) {
  const strata::parsed_snapshot parsed = parse_snapshot(everything_text);
  ASSERT_TRUE(parsed) << parsed.line << ": " << parsed.problem;
  EXPECT_EQ(parsed.taken, everything());
  EXPECT_EQ(to_text(parsed.taken), everything_text);
  const strata::parsed_snapshot empty = parse_snapshot("");
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty.taken.states.empty());
}

// Every modality: the presets by name, the others as the switches that are on.
TEST(snapshot_text, every_modality_round_trips) {
  for (unsigned bits = 0; bits < 8; ++bits) {
    saved_state s = plain("m", 1);
    s.modality = modality{(bits & 1U) != 0, (bits & 2U) != 0, (bits & 4U) != 0};
    const snapshot one{{s}};
    const strata::parsed_snapshot parsed = parse_snapshot(to_text(one));
    ASSERT_TRUE(parsed) << to_text(one) << parsed.problem;
    EXPECT_EQ(parsed.taken, one) << to_text(one);
  }
  saved_state s = plain("m", 1);
  s.modality = modality{false, true, true};
  EXPECT_EQ(to_text(snapshot{{s}}), "strata snapshot 1\nm v1 [modality=draw+input]\n");
  // Any '+' list reads, also one that spells a preset, in any order.
  const strata::parsed_snapshot spelled = parse_snapshot("m [modality=draw+update]");
  ASSERT_TRUE(spelled) << spelled.problem;
  EXPECT_EQ(spelled.taken.states[0].modality, modality::live);
}

// A deep link: no first line, no versions, comments, blank lines, indentation, CRLF.
TEST(snapshot_text, a_hand_written_deep_link_reads) {
  const strata::parsed_snapshot parsed = parse_snapshot("# start the tester at level 3\r\n"
                                                        "\r\n"
                                                        "title\r\n"
                                                        "   \t\r\n"
                                                        "  world\tgold=5  \r\n"
                                                        "\t# the boss dialog\n"
                                                        "level number=3 [name=\"Level 3\"]   \r\n"
                                                        "\n");
  ASSERT_TRUE(parsed) << parsed.line << ": " << parsed.problem;
  ASSERT_EQ(parsed.taken.states.size(), 3U);
  EXPECT_EQ(parsed.taken.states[0], plain("title", 0));
  EXPECT_EQ(parsed.taken.states[1], plain("world", 0, {field{"gold", std::int64_t{5}}}));
  saved_state level = plain("level", 0, {field{"number", std::int64_t{3}}});
  level.name = "Level 3";
  EXPECT_EQ(parsed.taken.states[2], level);
  // Written back, it has the first line and stays without versions.
  EXPECT_EQ(to_text(parsed.taken), "strata snapshot 1\ntitle\nworld gold=5\n"
                                   "level number=3 [name=\"Level 3\"]\n");
  // Without a final newline, and a field named like a version.
  const strata::parsed_snapshot last = parse_snapshot("strata snapshot 1\nlevel v7 v2=1");
  ASSERT_TRUE(last) << last.problem;
  EXPECT_EQ(last.taken.states[0], plain("level", 7, {field{"v2", std::int64_t{1}}}));
}

struct bad_text {
  std::string text;
  std::size_t line;
  std::string problem;
};

TEST(snapshot_text, every_parse_error_names_its_line_and_what_is_wrong) {
  const std::vector<bad_text> cases = {
      {"title\n!world\n", 2, "a line starts with a key: letters, digits and '_', '.', ':', '-'"},
      {"\n\n# x\nlevel v0\n", 4, "'v0' is not a version (v1 or more)"},
      {"level v\n", 1, "'v' is not a version (v1 or more)"},
      {"level v1x\n", 1, "'v1x' is not a version (v1 or more)"},
      {"level v4294967296\n", 1, "'v4294967296' is not a version (v1 or more)"},
      {"title\nlevel a=1 b=2 a=3\n", 2, "field 'a' is given twice"},
      {"level hero=\"Ana\n", 1, "quoted text without its closing quote"},
      {"level hero=\"Ana\\\n", 1, "quoted text without its closing quote"},
      {"level hero=\"A\\qna\"\n", 1, "unknown escape \\q"},
      {"level hero=\"\\x4\"\n", 1, "\\x takes two hex digits"},
      {"level hero=\"\\xg0\"\n", 1, "\\x takes two hex digits"},
      {"level [colour=red]\n", 1,
       "attribute colour='red': unknown, given twice, or of the wrong form"},
      {"level [name=\"a\" name=\"b\"]\n", 1,
       "attribute name='b': unknown, given twice, or of the wrong form"},
      {"level [name=bare]\n", 1,
       "attribute name='bare': unknown, given twice, or of the wrong form"},
      {"level [modality=\"freeze\"]\n", 1,
       "attribute modality='freeze': unknown, given twice, or of the wrong form"},
      {"level [on_exit=a/b]\n", 1,
       "attribute on_exit='a/b': unknown, given twice, or of the wrong form"},
      {"level [name=\"a\"] junk\n", 1, "'junk' after the attributes"},
      {"level [name=\"a\"\n", 1, "attributes without their closing ']'"},
      {"strata snapshot 2\ntitle\n", 1, "'strata snapshot 2': this program reads version 1"},
      {"# saved by a newer game\nstrata snapshot 10\n", 2,
       "'strata snapshot 10': this program reads version 1"},
      {"level x=\n", 1, "a value is missing"},
      {"level x\n", 1, "expected name=value at ''"},
      {"level =3\n", 1, "expected name=value at '=3'"},
      {"level x=maybe\n", 1,
       "field 'x': 'maybe' is not a flag, an integer, a number or quoted text"},
      {"level x=0x1p3\n", 1,
       "field 'x': '0x1p3' is not a flag, an integer, a number or quoted text"},
      {"level x=1.5.2\n", 1,
       "field 'x': '1.5.2' is not a flag, an integer, a number or quoted text"},
      // Out of a double's range: no infinity, nor a zero made of digits that are not one.
      {"level x=1e400\n", 1,
       "field 'x': '1e400' is not a flag, an integer, a number or quoted text"},
      {"level x=1e-400\n", 1,
       "field 'x': '1e-400' is not a flag, an integer, a number or quoted text"},
      {"level n=9223372036854775808\n", 1,
       "field 'n': '9223372036854775808' is not a 64-bit integer"},
      {"level n=-\n", 1, "field 'n': '-' is not a 64-bit integer"},
      {"level [modality=sideways]\n", 1,
       "attribute modality='sideways': not a modality (screen, opaque, freeze, live, "
       "transparent, or a '+' list of update, draw, input)"},
      {"level [modality=draw+draw]\n", 1,
       "attribute modality='draw+draw': not a modality (screen, opaque, freeze, live, "
       "transparent, or a '+' list of update, draw, input)"},
      {"level [time_scale=fast]\n", 1, "attribute time_scale='fast': not a number"},
      {"level [transition=1]\n", 1,
       "attribute transition='1': not arrive,leave or arrive,leave,passes"},
      {"level [transition=1,2,stops]\n", 1,
       "attribute transition='1,2,stops': not arrive,leave or arrive,leave,passes"},
  };
  for (const bad_text& c : cases) {
    const strata::parsed_snapshot parsed = parse_snapshot(c.text);
    EXPECT_FALSE(parsed) << c.text;
    EXPECT_EQ(parsed.line, c.line) << c.text;
    EXPECT_EQ(parsed.problem, c.problem) << c.text;
    EXPECT_TRUE(parsed.taken.states.empty()) << c.text;
  }
}

TEST(snapshot_text, a_header_only_counts_on_the_first_line_that_is_not_blank) {
  const strata::parsed_snapshot parsed = parse_snapshot("\n# x\nstrata snapshot 1\ntitle\n");
  ASSERT_TRUE(parsed) << parsed.problem;
  EXPECT_EQ(parsed.taken.states.size(), 1U);
  // Written on Windows, or by an editor that leaves spaces at the ends of lines.
  for (const char* first_line :
       {"strata snapshot 1\r\n", "strata snapshot 1 \n", "strata snapshot 1\t \r\n"}) {
    const strata::parsed_snapshot spaced = parse_snapshot(std::string(first_line) + "title\n");
    EXPECT_TRUE(spaced) << first_line << spaced.problem;
    EXPECT_EQ(spaced.taken.states.size(), 1U) << first_line;
  }
  const strata::parsed_snapshot twice = parse_snapshot("strata snapshot 1\nstrata snapshot 1\n");
  EXPECT_FALSE(twice);
  EXPECT_EQ(twice.line, 2U);
  EXPECT_EQ(twice.problem, "expected name=value at ' 1'");
}

// Every byte of a text field survives: control bytes, quotes, backslashes, NUL, bytes >= 0x80.
TEST(snapshot_text, text_escapes_every_byte_that_needs_it_and_reads_them_all_back) {
  std::string every_byte;
  for (int b = 0; b < 256; ++b) {
    every_byte += static_cast<char>(b);
  }
  saved_state s = plain("k", 1, {field{"all", every_byte}});
  s.name = every_byte;
  const std::string text = to_text(snapshot{{s}});
  EXPECT_EQ(text.find('\r'), std::string::npos);
  EXPECT_EQ(text.find('\0'), std::string::npos);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2) << "one line per state";
  const strata::parsed_snapshot parsed = parse_snapshot(text);
  ASSERT_TRUE(parsed) << parsed.problem;
  EXPECT_EQ(parsed.taken.states[0], s);

  saved_state small = plain("k", 1,
                            {field{"t", std::string("a\"b\\c\nd\te\rf\x01g\x7fh", 15)},
                             field{"nul", std::string("x\0y", 3)}});
  EXPECT_EQ(
      to_text(snapshot{{small}}),
      "strata snapshot 1\nk v1 t=\"a\\\"b\\\\c\\nd\\te\\x0df\\x01g\\x7fh\" nul=\"x\\x00y\"\n");
  // Upper-case hex digits read too.
  const strata::parsed_snapshot upper = parse_snapshot("k t=\"\\x7F\\x0D\"");
  ASSERT_TRUE(upper) << upper.problem;
  EXPECT_EQ(upper.taken.states[0].data.fields()[0].value, strata::field_value{"\x7f\r"});
}

TEST(snapshot_text, doubles_that_look_like_integers_keep_a_point) {
  const auto written = [](double value) {
    const std::string text = to_text(snapshot{{plain("k", 1, {field{"x", value}})}});
    return text.substr(text.find("x=") + 2, text.size() - text.find("x=") - 3);
  };
  EXPECT_EQ(written(100.0), "100.0");
  EXPECT_EQ(written(0.0), "0.0");
  EXPECT_EQ(written(-0.0), "-0.0");
  EXPECT_EQ(written(-3.0), "-3.0");
  EXPECT_EQ(written(123456789012345678.0), "123456789012345680.0");
  EXPECT_EQ(written(1e21), "1e+21");
  EXPECT_EQ(written(0.1), "0.1");
  for (const double value : {100.0, 0.0, -3.0, 123456789012345678.0, 1e21}) {
    const strata::parsed_snapshot parsed =
        parse_snapshot(to_text(snapshot{{plain("k", 1, {field{"x", value}})}}));
    ASSERT_TRUE(parsed);
    EXPECT_EQ(parsed.taken.states[0].data.fields()[0].value, strata::field_value{value});
  }
  const strata::parsed_snapshot negative_zero = parse_snapshot("k x=-0.0");
  ASSERT_TRUE(negative_zero);
  EXPECT_TRUE(std::signbit(std::get<double>(negative_zero.taken.states[0].data.fields()[0].value)));
}

TEST(snapshot_text, infinities_and_nan_are_written_as_words_and_read_back) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  saved_state s = plain("k", 1,
                        {field{"up", inf}, field{"down", -inf},
                         field{"what", std::numeric_limits<double>::quiet_NaN()}});
  s.time_scale = std::numeric_limits<float>::infinity(); // restore refuses it; the text keeps it
  s.transition = strata::transition{std::numeric_limits<float>::quiet_NaN(), 1.0F};
  const std::string text = to_text(snapshot{{s}});
  EXPECT_EQ(text, "strata snapshot 1\nk v1 up=inf down=-inf what=nan [time_scale=inf "
                  "transition=nan,1]\n");
  const strata::parsed_snapshot parsed = parse_snapshot(text);
  ASSERT_TRUE(parsed) << parsed.problem;
  const std::vector<field>& fields = parsed.taken.states[0].data.fields();
  EXPECT_EQ(std::get<double>(fields[0].value), inf);
  EXPECT_EQ(std::get<double>(fields[1].value), -inf);
  EXPECT_TRUE(std::isnan(std::get<double>(fields[2].value)));
  EXPECT_EQ(parsed.taken.states[0].time_scale, std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(parsed.taken.states[0].transition->arrive));
  EXPECT_EQ(to_text(parsed.taken), text);
}

// The shortest text that reads back as the same bits, for floats (time scales, transitions) and
// doubles (fields): random bit patterns, and the awkward ones.
TEST(snapshot_text, floats_and_doubles_round_trip_exactly) {
  std::vector<float> floats = {0.1F,
                               1.0F / 3.0F,
                               16777217.0F,
                               std::numeric_limits<float>::max(),
                               std::numeric_limits<float>::min(),
                               std::numeric_limits<float>::denorm_min(),
                               std::numeric_limits<float>::epsilon()};
  std::vector<double> doubles = {0.1,
                                 1.0 / 3.0,
                                 std::numeric_limits<double>::max(),
                                 std::numeric_limits<double>::lowest(),
                                 std::numeric_limits<double>::min(),
                                 std::numeric_limits<double>::denorm_min(),
                                 -std::numeric_limits<double>::denorm_min(),
                                 9007199254740993.0,
                                 5e-324};
  std::mt19937_64 random(14);
  while (floats.size() < 2000) {
    const float f = std::bit_cast<float>(static_cast<std::uint32_t>(random()) & 0x7fffffffU);
    if (std::isfinite(f)) {
      floats.push_back(f);
    }
  }
  while (doubles.size() < 2000) {
    const double d = std::bit_cast<double>(static_cast<std::uint64_t>(random()));
    if (std::isfinite(d)) {
      doubles.push_back(d);
    }
  }
  for (std::size_t i = 0; i < floats.size(); ++i) {
    saved_state s = plain("k", 1, {field{"d", doubles[i]}});
    s.time_scale = floats[i];
    s.transition = strata::transition{floats[i], floats[floats.size() - 1 - i], i % 2 == 0};
    const std::string text = to_text(snapshot{{s}});
    const strata::parsed_snapshot parsed = parse_snapshot(text);
    ASSERT_TRUE(parsed) << text << parsed.problem;
    const saved_state& back = parsed.taken.states[0];
    EXPECT_EQ(std::bit_cast<std::uint32_t>(*back.time_scale),
              std::bit_cast<std::uint32_t>(floats[i]))
        << text;
    EXPECT_EQ(std::bit_cast<std::uint64_t>(std::get<double>(back.data.fields()[0].value)),
              std::bit_cast<std::uint64_t>(doubles[i]))
        << text;
    EXPECT_EQ(back, s) << text;
  }
  saved_state tenth = plain("k", 1);
  tenth.time_scale = 0.1F;
  tenth.transition = strata::transition{0.1F, 0.3F};
  EXPECT_EQ(to_text(snapshot{{tenth}}),
            "strata snapshot 1\nk v1 [time_scale=0.1 transition=0.1,0.3]\n");
}

// A numpunct that writes "1.234,5": what a program's global locale may do to streams.
struct comma_decimal : std::numpunct<char> {
  char do_decimal_point() const override { return ','; }
  char do_thousands_sep() const override { return '.'; }
  std::string do_grouping() const override { return "\3"; }
};

// Restores the global C++ and C locales when the test ends.
class global_locale_guard {
public:
  global_locale_guard()
      : cpp_(std::locale())
      , c_(std::setlocale(LC_ALL, nullptr)) {}
  global_locale_guard(const global_locale_guard&) = delete;
  global_locale_guard& operator=(const global_locale_guard&) = delete;
  ~global_locale_guard() {
    std::locale::global(cpp_);
    std::setlocale(LC_ALL, c_.c_str());
  }

private:
  std::locale cpp_;
  std::string c_;
};

void expect_locale_free(const std::string& where) {
  const std::string text = to_text(everything());
  EXPECT_EQ(text, everything_text) << where;
  const strata::parsed_snapshot parsed = parse_snapshot(everything_text);
  ASSERT_TRUE(parsed) << where << ": " << parsed.problem;
  EXPECT_EQ(parsed.taken, everything()) << where;
  saved_state big = plain("k", 1, {field{"n", std::int64_t{1234567}}, field{"x", 1234.5}});
  big.time_scale = 1234.5F;
  EXPECT_EQ(to_text(snapshot{{big}}),
            "strata snapshot 1\nk v1 n=1234567 x=1234.5 [time_scale=1234.5]\n")
      << where;
  const strata::parsed_snapshot back = parse_snapshot(to_text(snapshot{{big}}));
  ASSERT_TRUE(back) << where;
  EXPECT_EQ(back.taken.states[0], big) << where;
}

// A global C++ locale with ',' as its decimal point (made here, so the test runs everywhere).
TEST(snapshot_text, a_global_locale_with_a_decimal_comma_changes_no_byte) {
  const global_locale_guard guard;
  std::locale::global(std::locale(std::locale::classic(), new comma_decimal));
  expect_locale_free("global C++ locale with a decimal comma");
}

// An installed C locale with a decimal comma (printf, strtod). Only the C locale is set: named C++
// locales are not portable (MinGW's libstdc++ knows only "C" and throws for any other name), and
// the test above covers the C++ side.
TEST(snapshot_text, an_installed_c_locale_with_a_decimal_comma_changes_no_byte) {
  const global_locale_guard guard;
  for (const char* name : {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8", "ru_RU.UTF-8",
                           "de_DE", "fr_FR"}) {
    if (std::setlocale(LC_ALL, name) != nullptr && *std::localeconv()->decimal_point == ',') {
      expect_locale_free(name);
      return;
    }
  }
  GTEST_SKIP() << "no locale with a decimal comma is installed (locale -a); "
                  "a_global_locale_with_a_decimal_comma_changes_no_byte covers the C++ side";
}

} // namespace
} // namespace strata_test
