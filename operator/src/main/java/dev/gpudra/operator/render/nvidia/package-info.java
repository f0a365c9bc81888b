/**
 * The states that run NVIDIA's own images, one package per operand ({@code driver}, {@code
 * toolkit}, {@code validator}, {@code dcgm}, {@code gfd}, {@code migmanager}, {@code nodestatus},
 * {@code sandbox}, {@code ccmanager}) over what they share ({@code component}, and {@code asset},
 * the loader of the operands' base objects kept as resources in NVIDIA's per-state layout): each
 * state's objects as pure model code, with NVIDIA's names, labels, node selectors, host paths,
 * validation waits and least-privilege roles, the images resolved from the policy or the operator's
 * image variables. {@code NvidiaStates} here picks the package that renders a state; no operand
 * package depends on this one.
 */
package dev.gpudra.operator.render.nvidia;
