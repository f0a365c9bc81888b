/**
 * The pure part of {@code gpu-dra selector test --device FILE 'EXPR'...}: evaluates each expression
 * against one device and returns one line per expression, {@code true}, {@code false} or {@code
 * error: <message>} (compile errors included). Reading the file and printing belong to the CLI.
 */
package dev.gpudra.allocator.tester;
