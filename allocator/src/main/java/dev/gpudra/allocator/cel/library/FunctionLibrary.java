package dev.gpudra.allocator.cel.library;

import dev.cel.common.CelFunctionDecl;
import dev.cel.runtime.CelFunctionBinding;
import java.util.List;

/**
 * The compile-time declarations and the run-time bindings of one group of CEL functions; the two
 * halves always travel together so an overload id can never be declared without an implementation.
 *
 * @param declarations what the type checker sees
 * @param bindings what the runtime dispatches to, by overload id
 */
public record FunctionLibrary(
    List<CelFunctionDecl> declarations, List<CelFunctionBinding> bindings) {

  public FunctionLibrary {
    declarations = List.copyOf(declarations);
    bindings = List.copyOf(bindings);
  }
}
