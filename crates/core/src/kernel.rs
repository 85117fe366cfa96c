//! The benchmark kernels, by suite name: what a harness times, in a browser's Worker (through the
//! wasm facade's one `Kernel` class) or natively (`native_bench`), built from a row's parameters.
//! Each family lists its suites once (`Family::BENCHES`); nothing else keeps a class or a row
//! list per suite.

use crate::families::FAMILIES;
use crate::script::{quoted, ScriptError};

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
    pub build: fn(&Params) -> Result<Box<dyn Kernel>, ScriptError>,
}

/// A row's parameters, `name=value` pairs separated by commas (`heap=jdk,num=100,reverse=true`).
pub struct Params<'a> {
    suite: &'static str,
    pairs: Vec<(&'a str, &'a str)>,
}

impl<'a> Params<'a> {
    /// The pairs of `text`, each named among `known` and given once.
    fn parse(suite: &Suite, text: &'a str) -> Result<Self, ScriptError> {
        let mut pairs: Vec<(&'a str, &'a str)> = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = part.split_once('=').unwrap_or((part, ""));
            if !suite.params.contains(&name) {
                return Err(ScriptError::request(format!(
                    "{} has no parameter {}; expected {}",
                    suite.name,
                    quoted(name),
                    suite.params.join(", ")
                )));
            }
            if pairs.iter().any(|(n, _)| *n == name) {
                return Err(ScriptError::request(format!(
                    "{} is given twice",
                    quoted(name)
                )));
            }
            pairs.push((name, value));
        }
        Ok(Self {
            suite: suite.name,
            pairs,
        })
    }

    fn raw(&self, name: &str) -> Result<&'a str, ScriptError> {
        self.pairs
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
            .ok_or_else(|| {
                ScriptError::request(format!("{} needs the parameter {name}", self.suite))
            })
    }

    /// A name among `names`, turned into its value by `parse`.
    pub fn one_of<T>(
        &self,
        name: &str,
        parse: fn(&str) -> Option<T>,
        names: &[&str],
    ) -> Result<T, ScriptError> {
        let v = self.raw(name)?;
        parse(v).ok_or_else(|| {
            ScriptError::request(format!(
                "{name} is {}; expected {}",
                quoted(v),
                names.join(", ")
            ))
        })
    }

    /// A whole number from `min` to `max`.
    pub fn number(&self, name: &str, min: u32, max: u32) -> Result<u32, ScriptError> {
        let v = self.raw(name)?;
        v.parse::<u32>()
            .ok()
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| {
                ScriptError::request(format!(
                    "{name} is a whole number from {min} to {max}, not {}",
                    quoted(v)
                ))
            })
    }

    /// `true` or `false`.
    pub fn flag(&self, name: &str) -> Result<bool, ScriptError> {
        match self.raw(name)? {
            "true" => Ok(true),
            "false" => Ok(false),
            v => Err(ScriptError::request(format!(
                "{name} is true or false, not {}",
                quoted(v)
            ))),
        }
    }
}

/// Every suite of every family.
pub fn suites() -> impl Iterator<Item = &'static Suite> {
    FAMILIES.iter().flat_map(|f| f.benches)
}

/// The kernel of suite `name` for a row's `params`; an unknown suite or parameter is an error.
pub fn kernel(name: &str, params: &str) -> Result<Box<dyn Kernel>, ScriptError> {
    let suite = suites().find(|s| s.name == name).ok_or_else(|| {
        let names: Vec<&str> = suites().map(|s| s.name).collect();
        ScriptError::request(format!(
            "there is no benchmark suite {}; expected {}",
            quoted(name),
            names.join(", ")
        ))
    })?;
    build(suite, params)
}

/// `suite`'s kernel for a row's `params`, each parameter one the suite names.
pub fn build(suite: &Suite, params: &str) -> Result<Box<dyn Kernel>, ScriptError> {
    (suite.build)(&Params::parse(suite, params)?)
}
