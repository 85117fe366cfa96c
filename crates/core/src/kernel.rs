//! The benchmark kernels: what a harness times, in a browser's Worker (through the wasm facade's
//! one `Kernel` class) or natively (`native_bench`), built from a row's parameters. Each family
//! lists its suites once (`Family::BENCHES`); the registry (`families::kernel`) finds a suite by
//! name. This module knows no registry: it is what the families' `bench.rs` files build on.

use std::fmt;

use crate::script::quoted;

/// What a harness times: `prepare` is untimed setup for `k` invocations (JMH's
/// `@Setup(Level.Invocation)`), `run` performs them and returns how many ran and a checksum (so
/// nothing is optimised away).
pub trait Kernel {
    fn prepare(&mut self, k: usize);
    fn run(&mut self) -> (usize, u64);
}

/// One suite's kernels: its name (`heap-cancel`), the parameters a row gives, and how a row's
/// parameters make its kernel.
pub struct Suite {
    pub name: &'static str,
    pub params: &'static [&'static str],
    /// One row's parameters, a middling one: what the probe-cost bench runs of every suite.
    pub example: &'static str,
    pub build: fn(&Params) -> Result<Box<dyn Kernel>, ParamError>,
}

/// A row's parameters, `name=value` pairs separated by commas (`heap=jdk,num=100,reverse=true`):
/// a benchmark row's, or a simulation's (`crate::simulation`).
pub struct Params<'a> {
    /// Whose parameters they are (the suite or simulation), for the error that names it.
    owner: &'static str,
    pairs: Vec<(&'a str, &'a str)>,
}

impl<'a> Params<'a> {
    /// The pairs of `text`, each named among `known` and given once.
    pub(crate) fn parse(
        owner: &'static str,
        known: &'static [&'static str],
        text: &'a str,
    ) -> Result<Self, ParamError> {
        let mut pairs: Vec<(&'a str, &'a str)> = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = part.split_once('=').unwrap_or((part, ""));
            if !known.contains(&name) {
                return Err(ParamError::Unknown {
                    owner,
                    name: name.to_string(),
                    known,
                });
            }
            if pairs.iter().any(|(n, _)| *n == name) {
                return Err(ParamError::Twice {
                    name: name.to_string(),
                });
            }
            pairs.push((name, value));
        }
        Ok(Self { owner, pairs })
    }

    #[inline(never)]
    fn raw(&self, name: &str) -> Result<&'a str, ParamError> {
        self.pairs
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
            .ok_or_else(|| ParamError::Missing {
                owner: self.owner,
                name: name.to_string(),
            })
    }

    /// The error for `name`'s value `value`, which is not `expected`. Not inlined: a row's
    /// parameters are read once, before anything is timed, and each inlined copy costs the wasm.
    #[inline(never)]
    pub fn invalid(&self, name: &str, value: &str, expected: Expected) -> ParamError {
        ParamError::Invalid {
            name: name.to_string(),
            value: value.to_string(),
            expected,
        }
    }

    /// A name among `names`, turned into its value by `parse`.
    #[inline(never)]
    pub fn one_of<T>(
        &self,
        name: &str,
        parse: fn(&str) -> Option<T>,
        names: &[&str],
    ) -> Result<T, ParamError> {
        let v = self.raw(name)?;
        parse(v).ok_or_else(|| self.invalid(name, v, Expected::OneOf(names.join(", "))))
    }

    /// A whole number from `min` to `max`.
    #[inline(never)]
    pub fn number(&self, name: &str, min: u32, max: u32) -> Result<u32, ParamError> {
        let v = self.raw(name)?;
        v.parse::<u32>()
            .ok()
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| self.invalid(name, v, Expected::Range(min, max)))
    }

    /// `true` or `false`.
    pub fn flag(&self, name: &str) -> Result<bool, ParamError> {
        match self.raw(name)? {
            "true" => Ok(true),
            "false" => Ok(false),
            v => Err(self.invalid(name, v, Expected::Flag)),
        }
    }
}

/// `suite`'s kernel for a row's `params`, each parameter one the suite names.
pub fn build(suite: &Suite, params: &str) -> Result<Box<dyn Kernel>, ParamError> {
    (suite.build)(&Params::parse(suite.name, suite.params, params)?)
}

/// What a row's value must be, for the sentence that refuses another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// One of these names.
    OneOf(String),
    /// A whole number in this range, both ends included.
    Range(u32, u32),
    /// `true` or `false`.
    Flag,
    /// A power of two from this one up.
    PowerOfTwoFrom(u32),
}

/// A benchmark row's parameters the suite cannot take. Its own type, not a script's error: no
/// command or setting is at fault, and the harness (the page's panel, the CLI) says it as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    /// A name the suite (or simulation) has no parameter for.
    Unknown {
        owner: &'static str,
        name: String,
        known: &'static [&'static str],
    },
    /// A name given more than once.
    Twice { name: String },
    /// A parameter the suite needs and the row left out.
    Missing { owner: &'static str, name: String },
    /// A value the parameter does not take.
    Invalid {
        name: String,
        value: String,
        expected: Expected,
    },
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unknown { owner, name, known } => write!(
                f,
                "{owner} has no parameter {}; expected {}",
                quoted(name),
                known.join(", ")
            ),
            Self::Twice { name } => write!(f, "{} is given twice", quoted(name)),
            Self::Missing { owner, name } => write!(f, "{owner} needs the parameter {name}"),
            Self::Invalid {
                name,
                value,
                expected,
            } => write!(f, "{name} is {}; expected {expected}", quoted(value)),
        }
    }
}

impl std::error::Error for ParamError {}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OneOf(names) => f.write_str(names),
            Self::Range(min, max) => write!(f, "a whole number from {min} to {max}"),
            Self::Flag => f.write_str("true or false"),
            Self::PowerOfTwoFrom(min) => write!(f, "a power of two from {min}"),
        }
    }
}
