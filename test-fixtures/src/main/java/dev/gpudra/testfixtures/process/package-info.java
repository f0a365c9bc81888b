/**
 * What a test reads of a child process's memory: the GC log's figures ({@link
 * dev.gpudra.testfixtures.process.GcFigures}) and the peak resident set ({@link
 * dev.gpudra.testfixtures.process.PeakRss}), one copy for every heap-bound test.
 */
package dev.gpudra.testfixtures.process;
