//! The benchmark kernels: what a harness times, in a browser's Worker (through the wasm facade's
//! one `Kernel` class) or natively (`native_bench`), built from a row's parameters. Each family
//! lists its suites once (`Family::BENCHES`); the registry (`families::kernel`) finds a suite by
//! name. This module knows no registry: it is what the families' `bench.rs` files build on.

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

/// `suite`'s kernel for a row's `params`, each parameter one the suite names.
pub fn build(suite: &Suite, params: &str) -> Result<Box<dyn Kernel>, ScriptError> {
    (suite.build)(&Params::parse(suite, params)?)
}
