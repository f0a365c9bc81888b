/** Go's spellings of values that NVIDIA's flags and env variables take: durations and booleans. */
package dev.gpudra.kit.text;
