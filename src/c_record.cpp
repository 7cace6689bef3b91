// src/c_record.cpp: the C API's reading and writing of a saved state's fields
// (strata_record_*), with the record's own rules: a bad name or a read that finds nothing, or
// another kind, fails the record, and the first problem is what the save or restore reports.
#include "c_record.hpp"

#include <string>
#include <variant>

namespace {

// The field named `name`, or null.
const strata::field_value* value_of(const strata::record& fields, const char* name) {
  for (const strata::field& f : fields.fields()) {
    if (f.name == name) {
      return &f.value;
    }
  }
  return nullptr;
}

// Fails the record (if any) for a NULL argument of `what`.
int null_argument(strata_record* record, const char* what) {
  if (record != nullptr) {
    record->fields.fail(std::string(what) + " was given a NULL argument");
  }
  return STRATA_E_BAD_ARGUMENT;
}

template <class Value>
int write(strata_record* record, const char* name, Value value, const char* what) {
  if (record == nullptr || name == nullptr) {
    return null_argument(record, what);
  }
  record->fields.set(name, value);
  return record->fields.failed() ? STRATA_E_BAD_ARGUMENT : STRATA_OK;
}

// Reads a field as T into *out, where `fits` says which kinds of field read as T: others go
// through record::get() all the same, which fails the record with its own message.
template <class T, class Out, class Fits>
int read(strata_record* record, const char* name, Out* out, Fits fits, const char* what) {
  if (out != nullptr) {
    *out = Out{};
  }
  if (record == nullptr || name == nullptr || out == nullptr) {
    return null_argument(record, what);
  }
  const strata::field_value* value = value_of(record->fields, name);
  const T read_value = record->fields.get<T>(name);
  if (value == nullptr) {
    return STRATA_E_NOT_FOUND;
  }
  if (!fits(*value)) {
    return STRATA_E_BAD_ARGUMENT;
  }
  *out = static_cast<Out>(read_value);
  return STRATA_OK;
}

bool is_integer(const strata::field_value& value) {
  return std::holds_alternative<std::int64_t>(value);
}

} // namespace

extern "C" {

int strata_record_set_int(strata_record* record, const char* name, strata_int value) {
  return write(record, name, static_cast<std::int64_t>(value), "strata_record_set_int()");
}

int strata_record_set_number(strata_record* record, const char* name, double value) {
  return write(record, name, value, "strata_record_set_number()");
}

int strata_record_set_flag(strata_record* record, const char* name, int value) {
  return write(record, name, value != 0, "strata_record_set_flag()");
}

int strata_record_set_text(strata_record* record, const char* name, const char* value) {
  if (value == nullptr) {
    return null_argument(record, "strata_record_set_text()");
  }
  return write(record, name, value, "strata_record_set_text()");
}

int strata_record_int(strata_record* record, const char* name, strata_int* out) {
  return read<std::int64_t>(record, name, out, is_integer, "strata_record_int()");
}

int strata_record_number(strata_record* record, const char* name, double* out) {
  return read<double>(
      record, name, out,
      [](const strata::field_value& v) {
        return is_integer(v) || std::holds_alternative<double>(v);
      },
      "strata_record_number()");
}

int strata_record_flag(strata_record* record, const char* name, int* out) {
  return read<bool>(
      record, name, out,
      [](const strata::field_value& v) { return std::holds_alternative<bool>(v); },
      "strata_record_flag()");
}

int strata_record_text(strata_record* record, const char* name, const char** out) {
  if (out != nullptr) {
    *out = "";
  }
  if (record == nullptr || name == nullptr || out == nullptr) {
    return null_argument(record, "strata_record_text()");
  }
  const strata::field_value* value = value_of(record->fields, name);
  (void)record->fields.get<std::string>(name); // fails the record if it is not text
  if (value == nullptr) {
    return STRATA_E_NOT_FOUND;
  }
  const std::string* text = std::get_if<std::string>(value);
  if (text == nullptr) {
    return STRATA_E_BAD_ARGUMENT;
  }
  *out = text->c_str(); // the record's own copy, alive until the callback returns
  return STRATA_OK;
}

int strata_record_has(const strata_record* record, const char* name) {
  return record != nullptr && name != nullptr && record->fields.has(name) ? 1 : 0;
}

unsigned strata_record_version(const strata_record* record) {
  return record != nullptr ? record->fields.version() : 0U;
}

int strata_record_fail(strata_record* record, const char* reason) {
  if (record == nullptr || reason == nullptr) {
    return null_argument(record, "strata_record_fail()");
  }
  record->fields.fail(reason);
  return STRATA_OK;
}

} // extern "C"
