//! The Recyclers held to Netty: property tests over random scripts (`properties`), the outcomes
//! the real Netty 4.0.21 Recycler produced (`vectors/`, with the Java that made them), and its
//! `RecyclerTest` re-stated (`netty_recycler`; counted in docs/originals.md).

mod netty_recycler;
mod properties;
mod recycler_vectors;
