# dataclasses: @dataclass and @dataclass(...) as CPython 3.11's (issue 15):
# fields from the class body's annotations in order (Note [Class-body
# annotations] in src/frontend/parser.cpp), with defaults and
# field(default=, default_factory=, init=, repr=, compare=); the generated
# __init__ (with __post_init__), __repr__, __eq__ and, with order=True,
# __lt__ __le__ __gt__ __ge__; fields, asdict, astuple, replace,
# is_dataclass, MISSING. Fields of dataclass bases come first.
#
# Note [Dataclass methods without exec]
# CPython writes each method's source and execs it; here each generated
# method is one closure over the class's fields that binds its arguments as
# the generated signature would, with CPython's TypeErrors. Not supported:
# frozen=True (tdsl instances have no __setattr__ hook), slots=True,
# kw_only, InitVar; annotations are their source text, so a field's `type`
# is a string, and `ClassVar[...]` is recognised by that text.


class _MissingType:
    def __repr__(self):
        return "<dataclasses._MISSING_TYPE object>"


MISSING = _MissingType()


class FrozenInstanceError(AttributeError):
    pass


class Field:
    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else metadata
        self.kw_only = kw_only

    def __repr__(self):
        return ("Field(name=%r,type=%r,default=%r,default_factory=%r,init=%r,repr=%r,hash=%r,compare=%r,metadata=%r,kw_only=%r,_field_type=_FIELD)"
                % (self.name, self.type, self.default, self.default_factory, self.init, self.repr,
                   self.hash, self.compare, self.metadata, self.kw_only))


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None, compare=True,
          metadata=None, kw_only=MISSING):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


def _is_classvar(annotation):
    return annotation.startswith("ClassVar") or annotation.startswith("typing.ClassVar")


def _own_fields(cls):
    if not hasattr(cls, "__annotations__"):
        return []
    base_annotations = None
    mro = cls.__mro__
    if len(mro) > 1 and hasattr(mro[1], "__annotations__"):
        base_annotations = mro[1].__annotations__
    annotations = cls.__annotations__
    if annotations is base_annotations:
        return []
    out = []
    for name, annotation in annotations.items():
        if _is_classvar(annotation):
            continue
        default = getattr(cls, name, MISSING)
        if isinstance(default, Field):
            f = default
        else:
            f = field(default=default)
        f.name = name
        f.type = annotation
        if isinstance(f.default, (list, dict, set)):
            raise ValueError("mutable default %s for field %s is not allowed: use default_factory"
                             % (type(f.default), name))
        if isinstance(default, Field):
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
        out.append(f)
    return out


def _defines(cls, name):
    """Whether cls's own body defines name (not only a base)."""
    if not hasattr(cls, name):
        return False
    mro = cls.__mro__
    if len(mro) < 2 or not hasattr(mro[1], name):
        return True
    return getattr(cls, name) is not getattr(mro[1], name)


def _plural(names):
    quoted = ["'%s'" % n for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return quoted[0] + " and " + quoted[1]
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


def _make_init(qualname, fields):
    params = [f for f in fields if f.init]
    hidden = [f for f in fields if not f.init]

    def __init__(self, *args, **kwargs):
        if len(args) > len(params):
            raise TypeError("%s.__init__() takes %d positional argument%s but %d were given"
                            % (qualname, len(params) + 1, "" if len(params) == 0 else "s", len(args) + 1))
        values = {}
        for f, a in zip(params, args):
            values[f.name] = a
        names = [f.name for f in params]
        for key, value in kwargs.items():
            if key not in names:
                raise TypeError("%s.__init__() got an unexpected keyword argument '%s'" % (qualname, key))
            if key in values:
                raise TypeError("%s.__init__() got multiple values for argument '%s'" % (qualname, key))
            values[key] = value
        missing = [f.name for f in params
                   if f.name not in values and f.default is MISSING and f.default_factory is MISSING]
        if missing:
            raise TypeError("%s.__init__() missing %d required positional argument%s: %s"
                            % (qualname, len(missing), "" if len(missing) == 1 else "s", _plural(missing)))
        for f in fields:
            if f.name in values:
                setattr(self, f.name, values[f.name])
            elif f.default_factory is not MISSING:
                setattr(self, f.name, f.default_factory())
            elif f.default is not MISSING:
                setattr(self, f.name, f.default)
        if hasattr(self, "__post_init__"):
            self.__post_init__()

    return __init__


_repr_running = set()


def _make_repr(qualname, fields):
    shown = [f.name for f in fields if f.repr]

    def __repr__(self):
        key = id(self)
        if key in _repr_running:
            return "..."
        _repr_running.add(key)
        try:
            parts = ["%s=%r" % (name, getattr(self, name)) for name in shown]
        finally:
            _repr_running.discard(key)
        return type(self).__qualname__ + "(" + ", ".join(parts) + ")"

    return __repr__


def _values(obj, fields):
    return tuple(getattr(obj, f.name) for f in fields if f.compare)


def _make_compare(fields, op):
    def compare(self, other):
        if type(other) is not type(self):
            return NotImplemented
        a = _values(self, fields)
        b = _values(other, fields)
        if op == "eq":
            return a == b
        if op == "lt":
            return a < b
        if op == "le":
            return a <= b
        if op == "gt":
            return a > b
        return a >= b

    return compare


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots):
    if frozen:
        raise TypeError("dataclass(frozen=True) is not supported by tdsl")
    if slots:
        raise TypeError("dataclass(slots=True) is not supported by tdsl")
    if kw_only:
        raise TypeError("dataclass(kw_only=True) is not supported by tdsl")
    if order and not eq:
        raise ValueError("eq must be true if order is true")
    fields = {}
    for base in reversed(cls.__mro__[1:]):
        if hasattr(base, "__dataclass_fields__"):
            for f in base.__dataclass_fields__.values():
                fields[f.name] = f
    for f in _own_fields(cls):
        fields[f.name] = f
    all_fields = list(fields.values())
    seen_default = False
    for f in all_fields:
        if not f.init:
            continue
        if f.default is MISSING and f.default_factory is MISSING:
            if seen_default:
                raise TypeError("non-default argument '%s' follows default argument" % f.name)
        else:
            seen_default = True
    cls.__dataclass_fields__ = fields
    qualname = cls.__qualname__
    if init:
        cls.__init__ = _make_init(qualname, all_fields)
    if repr and not _defines(cls, "__repr__"):
        cls.__repr__ = _make_repr(qualname, all_fields)
    if eq and not _defines(cls, "__eq__"):
        cls.__eq__ = _make_compare(all_fields, "eq")
    if order:
        for name, op in (("__lt__", "lt"), ("__le__", "le"), ("__gt__", "gt"), ("__ge__", "ge")):
            if _defines(cls, name):
                raise TypeError("Cannot overwrite attribute %s in class %s. Consider using functools.total_ordering"
                                % (name, cls.__name__))
            setattr(cls, name, _make_compare(all_fields, op))
    if match_args and not _defines(cls, "__match_args__"):
        cls.__match_args__ = tuple(f.name for f in all_fields if f.init)
    return cls


def dataclass(cls=None, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=False,
              match_args=True, kw_only=False, slots=False):
    def wrap(c):
        return _process_class(c, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots)

    if cls is None:
        return wrap
    return wrap(cls)


def is_dataclass(obj):
    return hasattr(obj, "__dataclass_fields__")


def fields(class_or_instance):
    if not hasattr(class_or_instance, "__dataclass_fields__"):
        raise TypeError("must be called with a dataclass type or instance")
    return tuple(class_or_instance.__dataclass_fields__.values())


def _is_dataclass_instance(obj):
    return hasattr(type(obj), "__mro__") and hasattr(type(obj), "__dataclass_fields__") and type(obj) is not obj


def _convert(obj, factory, as_dict):
    if _is_dataclass_instance(obj):
        if as_dict:
            return factory([(f.name, _convert(getattr(obj, f.name), factory, as_dict)) for f in fields(obj)])
        return factory([_convert(getattr(obj, f.name), factory, as_dict) for f in fields(obj)])
    if isinstance(obj, list):
        return [_convert(v, factory, as_dict) for v in obj]
    if isinstance(obj, tuple):
        return tuple(_convert(v, factory, as_dict) for v in obj)
    if isinstance(obj, dict):
        return {_convert(k, factory, as_dict): _convert(v, factory, as_dict) for k, v in obj.items()}
    import copy
    return copy.deepcopy(obj)


def asdict(obj, *, dict_factory=dict):
    if not _is_dataclass_instance(obj):
        raise TypeError("asdict() should be called on dataclass instances")
    return _convert(obj, dict_factory, True)


def astuple(obj, *, tuple_factory=tuple):
    if not _is_dataclass_instance(obj):
        raise TypeError("astuple() should be called on dataclass instances")
    return _convert(obj, tuple_factory, False)


def replace(obj, **changes):
    if not _is_dataclass_instance(obj):
        raise TypeError("replace() should be called on dataclass instances")
    for f in fields(obj):
        if not f.init and f.name in changes:
            raise ValueError("field %s is declared with init=False, it cannot be specified with replace()" % f.name)
        if f.init and f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return type(obj)(**changes)
