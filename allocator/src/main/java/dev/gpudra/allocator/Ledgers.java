package dev.gpudra.allocator;

/**
 * What a node still has to give while one claim is allocated: its partitionable devices' counters,
 * the compatibility groups of the devices on each counter set, and its devices' shared capacity.
 * The devices a search chooses consume them.
 */
record Ledgers(CounterLedger counters, CapacityLedger capacity, GroupLedger groups) {}
