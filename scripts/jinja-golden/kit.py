"""The Python kit's interpolation, rebuilt from the reference (declarative-semantics.md §3) on real Jinja2.

Only what the golden cases need: the sandboxed environment, the macros and filters, the literal step,
InterpolatedString / InterpolatedBoolean / InterpolatedNestedMapping. isodate and pytz are not available,
so durations are parsed here (isodate's rules) and time zones come from zoneinfo.
"""
import ast
import base64
import builtins
import datetime
import hashlib
import hmac as hmac_lib
import json
import re
import urllib.parse
import uuid
from zoneinfo import ZoneInfo

import dateutil.parser
from jinja2 import meta
from jinja2.exceptions import UndefinedError
from jinja2.sandbox import SandboxedEnvironment

# The frozen "now" of every golden case (the TypeScript side injects the same clock).
FROZEN_NOW = datetime.datetime(2024, 3, 15, 12, 34, 56, tzinfo=datetime.timezone.utc)


class StreamStateError(Exception):
    """`stream_state` in a template (the kit raises an AirbyteTracedException)."""


class UndeclaredError(ValueError):
    """The kit's "Jinja macro has undeclared variables" ValueError."""


# ---- isodate-like durations -------------------------------------------------------------------
class Duration:
    def __init__(self, years, months, tdelta):
        self.years, self.months, self.tdelta = years, months, tdelta

    def __str__(self):
        params = []
        if self.years:
            params.append("%s years" % self.years)
        if self.months:
            params.append(("%s month" if self.months <= 1 else "%s months") % self.months)
        params.append(str(self.tdelta))
        return ", ".join(params)

    def __neg__(self):
        return Duration(-self.years, -self.months, -self.tdelta)

    def __add__(self, other):
        if isinstance(other, (datetime.date, datetime.datetime)):
            total = other.month - 1 + self.months + self.years * 12
            year, month = other.year + total // 12, total % 12 + 1
            import calendar
            day = min(other.day, calendar.monthrange(year, month)[1])
            return other.replace(year=year, month=month, day=day) + self.tdelta
        return NotImplemented

    __radd__ = __add__

    def __rsub__(self, other):
        return (-self).__add__(other)


_DURATION = re.compile(
    r"^(?P<sign>[+-])?P(?:(?P<years>\d+(?:[.,]\d+)?)Y)?(?:(?P<months>\d+(?:[.,]\d+)?)M)?(?:(?P<weeks>\d+(?:[.,]\d+)?)W)?"
    r"(?:(?P<days>\d+(?:[.,]\d+)?)D)?(?:T(?:(?P<hours>\d+(?:[.,]\d+)?)H)?(?:(?P<minutes>\d+(?:[.,]\d+)?)M)?(?:(?P<seconds>\d+(?:[.,]\d+)?)S)?)?$"
)


def parse_duration(text):
    if not isinstance(text, str):
        raise TypeError("Expecting a string %r" % text)
    m = _DURATION.match(text)
    if not m or text == "P" or text.endswith("T"):
        raise ValueError("Unable to parse duration string %r" % text)
    g = {k: float(v.replace(",", ".")) if v else 0 for k, v in m.groupdict().items() if k != "sign"}
    sign = -1 if m.group("sign") == "-" else 1
    td = datetime.timedelta(weeks=g["weeks"], days=g["days"], hours=g["hours"], minutes=g["minutes"], seconds=g["seconds"])
    if g["years"] or g["months"]:
        y, mo = g["years"], g["months"]
        y = int(y) if y == int(y) else y
        mo = int(mo) if mo == int(mo) else mo
        return Duration(sign * y, sign * mo, sign * td)
    return sign * td


# ---- macros ------------------------------------------------------------------------------------
def now_utc():
    return FROZEN_NOW


def today_utc():
    return FROZEN_NOW.date()


def today_with_timezone(timezone):
    return FROZEN_NOW.astimezone(ZoneInfo(timezone)).date()


def str_to_datetime(s):
    parsed = dateutil.parser.isoparse(s)
    if not parsed.tzinfo:
        parsed = parsed.replace(tzinfo=datetime.timezone.utc)
    return parsed.astimezone(datetime.timezone.utc)


def timestamp(dt):
    if isinstance(dt, (int, float)):
        return int(dt)
    return str_to_datetime(dt).astimezone(datetime.timezone.utc).timestamp()


def max(*args):
    return builtins.max(*args)


def min(*args):
    return builtins.min(*args)


def day_delta(num_days, format="%Y-%m-%dT%H:%M:%S.%f%z"):
    return (now_utc() + datetime.timedelta(days=num_days)).strftime(format)


def duration(datestring):
    return parse_duration(datestring)


_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


def parser_parse(date, format):
    if format == "%s":
        return datetime.datetime.fromtimestamp(int(date), tz=datetime.timezone.utc)
    if format == "%s_as_float":
        return datetime.datetime.fromtimestamp(float(date), tz=datetime.timezone.utc)
    if format == "%epoch_microseconds":
        return _EPOCH + datetime.timedelta(microseconds=int(date))
    if format == "%ms":
        return _EPOCH + datetime.timedelta(milliseconds=int(date))
    if "%_ms" in format:
        format = format.replace("%_ms", "%f")
    parsed = datetime.datetime.strptime(str(date), format)
    if parsed.tzinfo is None:
        return parsed.replace(tzinfo=datetime.timezone.utc)
    return parsed


def parser_format(dt, format):
    if format == "%s":
        return str(int(dt.timestamp()))
    if format == "%s_as_float":
        return str(float(dt.timestamp()))
    if format == "%epoch_microseconds":
        return str(int(dt.timestamp() * 1_000_000))
    if format == "%ms":
        return str(int(dt.timestamp() * 1000))
    if "%_ms" in format:
        return dt.strftime(format.replace("%_ms", f"{dt.microsecond // 1000:03}"))
    return dt.strftime(format)


def format_datetime(dt, format, input_format=None):
    if isinstance(dt, datetime.datetime):
        return dt.strftime(format)
    if isinstance(dt, int):
        dt_datetime = parser_parse(dt, input_format if input_format else "%s")
    else:
        dt_datetime = datetime.datetime.strptime(dt, input_format) if input_format else str_to_datetime(dt)
    if dt_datetime.tzinfo is None:
        dt_datetime = dt_datetime.replace(tzinfo=datetime.timezone.utc)
    return parser_format(dt_datetime, format)


def sanitize_url(value):
    return urllib.parse.quote_plus(value)


def camel_case_to_snake_case(value):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", value).lower()


def generate_uuid():
    return str(uuid.uuid4())


MACROS = {f.__name__: f for f in [now_utc, today_utc, today_with_timezone, timestamp, str_to_datetime, max, min, day_delta,
                                   duration, format_datetime, sanitize_url, camel_case_to_snake_case, generate_uuid]}


# ---- filters -----------------------------------------------------------------------------------
def hash(value, hash_type="md5", salt=None):
    hash_func = getattr(hashlib, hash_type, None)
    if not hash_func:
        raise AttributeError("No hashing function named {hname}".format(hname=hash_type))
    hash_obj = hash_func()
    hash_obj.update(str(value).encode("utf-8"))
    if salt:
        hash_obj.update(str(salt).encode("utf-8"))
    return hash_obj.hexdigest()


def base64encode(value):
    return base64.b64encode(value.encode("utf-8")).decode()


def base64decode(value):
    return base64.b64decode(value.encode("utf-8")).decode()


def base64binascii_decode(value):
    return base64.standard_b64encode(value.encode("ascii")).decode()


def string(value):
    if isinstance(value, str):
        return value
    return f'"""{json.dumps(value)}"""'


def regex_search(value, regex):
    match = re.search(regex, value)
    if match and len(match.groups()) > 0:
        return match.group(1)
    return ""


def regex_replace(value, regex, replacement):
    return re.sub(regex, replacement, value)


def hmac(value, key, hash_type="sha256"):
    if hash_type not in ["sha256"]:
        raise ValueError(f"Hash type '{hash_type}' is not allowed. Allowed types: sha256")
    return hmac_lib.new(str(key).encode(), str(value).encode(), hashlib.sha256).hexdigest()


FILTERS = {f.__name__: f for f in [hash, base64encode, base64decode, base64binascii_decode, string, regex_search, regex_replace, hmac]}


# ---- environment and evaluation ----------------------------------------------------------------
class StreamPartitionAccessEnvironment(SandboxedEnvironment):
    def is_safe_attribute(self, obj, attr, value):
        if attr in ["_partition"]:
            return True
        return super().is_safe_attribute(obj, attr, value)


ENV = StreamPartitionAccessEnvironment()
ENV.filters.update(**FILTERS)
ENV.globals.update(**MACROS)
ENV.globals.pop("range", None)


def _eval(s, context):
    try:
        undeclared = meta.find_undeclared_variables(ENV.parse(s))
        missing = {v for v in undeclared if v not in context and v not in ENV.globals}
        if missing:
            raise UndeclaredError(f"Jinja macro has undeclared variables: {sorted(missing)}")
        return ENV.from_string(s).render(context)
    except TypeError:
        return s


def _literal_eval(result, valid_types=None):
    try:
        evaluated = ast.literal_eval(result)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return result
    if (not valid_types and not isinstance(evaluated, complex)) or (valid_types and isinstance(evaluated, valid_types)):
        return evaluated
    return result


def jinja_eval(input_str, config, default=None, valid_types=None, **ctx):
    context = {"config": config, **ctx}
    if "stream_slice" in context:
        context["stream_interval"] = context["stream_partition"] = context["stream_slice"]
    if isinstance(input_str, str) and "stream_state" in input_str:
        raise StreamStateError("`stream_state` is no longer supported for interpolation.")
    try:
        if not isinstance(input_str, str):
            raise Exception(f"Expected a string, got {input_str}")
        result = _eval(input_str, context)
        if result:
            return _literal_eval(result, valid_types)
    except UndefinedError:
        pass
    return _literal_eval(_eval(default, context), valid_types)


def interpolated_string(template, config, parameters, **ctx):
    return jinja_eval(template, config, template, parameters=parameters, **ctx)


FALSE_VALUES = ["False", "false", "{}", "[]", "()", "", "0", "0.0", {}, False, [], (), set()]


def interpolated_boolean(condition, config, parameters, **ctx):
    if isinstance(condition, bool):
        return condition
    evaluated = jinja_eval(condition, config, "False", parameters=parameters, **ctx)
    return evaluated not in FALSE_VALUES


def interpolated_nested(value, config, parameters, **ctx):
    if isinstance(value, str):
        return jinja_eval(value, config, None, parameters=parameters, **ctx)
    if isinstance(value, dict):
        out = {interpolated_nested(k, config, parameters, **ctx): interpolated_nested(v, config, parameters, **ctx) for k, v in value.items()}
        return {k: v for k, v in out.items() if v is not None}
    if isinstance(value, list):
        return [interpolated_nested(v, config, parameters, **ctx) for v in value]
    return value


def request_parameters(mapping, config, parameters, **ctx):
    """The requester's request_parameters/request_headers: InterpolatedMapping with
    valid_value_types=(str, list), then entries that are None dropped."""
    out = {}
    for key, value in mapping.items():
        k = jinja_eval(key, config, None, valid_types=(str,), parameters=parameters, **ctx)
        v = jinja_eval(value, config, None, valid_types=(str, list), parameters=parameters, **ctx) if isinstance(value, str) else value
        if v is not None:
            out[k] = v
    return out


def render_text(template, config, parameters, **ctx):
    """What the template renders to (the kit's `_eval`), before the literal step."""
    context = {"config": config, "parameters": parameters, **ctx}
    if "stream_slice" in context:
        context["stream_interval"] = context["stream_partition"] = context["stream_slice"]
    return _eval(template, context)
