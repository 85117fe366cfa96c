//! The timing wheel held to Kafka: a straight port of Kafka's timer classes (`kafka_oracle`)
//! run beside the lab's wheel over random scripts, with a model of due times
//! (`properties`), and Kafka's own timer tests re-stated (`kafka_timer`; counted in
//! docs/originals.md).

mod kafka_oracle;
mod kafka_timer;
mod properties;
