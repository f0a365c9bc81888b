/**
 * Which objects each operand state renders: {@link
 * dev.gpudra.operator.render.dispatch.StateObjects} picks the renderer of our own operands ({@code
 * render}) or of NVIDIA's ({@code render.nvidia}), so neither of those packages depends on the
 * other's dispatch.
 */
package dev.gpudra.operator.render.dispatch;
