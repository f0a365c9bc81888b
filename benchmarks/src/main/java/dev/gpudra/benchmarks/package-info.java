/**
 * JMH benchmarks of the DRA CEL selector environment and of allocation with explanation, over
 * devices built by the kubelet plugin's own model from a simulated profile. Each figure has a floor
 * measured in the same run: the same checks written by hand in Java.
 *
 * <p>Not shipped and not depended on; {@code verify} only compiles it. Run the uber-jar: {@code
 * java -jar benchmarks/target/benchmarks.jar} (see BENCHMARKS.md).
 */
package dev.gpudra.benchmarks;
