package dev.gpudra.allocator;

/**
 * What a node still has to give while one claim is allocated: its partitionable devices' counters
 * and its devices' shared capacity. Both are consumed by the devices a search chooses.
 */
record Ledgers(CounterLedger counters, CapacityLedger capacity) {}
