package dev.gpudra.allocator.cel.library;

import static dev.cel.common.CelFunctionDecl.newFunctionDeclaration;
import static dev.cel.common.CelOverloadDecl.newGlobalOverload;
import static dev.cel.common.CelOverloadDecl.newMemberOverload;
import static dev.gpudra.allocator.cel.library.KubernetesTypes.QUANTITY;

import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import java.util.List;

/**
 * The Kubernetes quantity library: {@code quantity}, {@code isQuantity} and the member functions of
 * {@code kubernetes.Quantity}. Arithmetic and comparison are exact; only {@code asApproximateFloat}
 * rounds.
 */
public final class QuantityLibrary {

  /** The declarations and bindings. */
  public FunctionLibrary library() {
    return new FunctionLibrary(
        List.of(
            newFunctionDeclaration(
                "quantity", newGlobalOverload("string_to_quantity", QUANTITY, SimpleType.STRING)),
            newFunctionDeclaration(
                "isQuantity",
                newGlobalOverload("is_quantity_string", SimpleType.BOOL, SimpleType.STRING)),
            member("isInteger", "quantity_is_integer", SimpleType.BOOL),
            member("asInteger", "quantity_get_integer", SimpleType.INT),
            member("asApproximateFloat", "quantity_get_float", SimpleType.DOUBLE),
            member("sign", "quantity_get_sign", SimpleType.INT),
            newFunctionDeclaration(
                "add",
                newMemberOverload("quantity_add", QUANTITY, QUANTITY, QUANTITY),
                newMemberOverload("quantity_add_int", QUANTITY, QUANTITY, SimpleType.INT)),
            newFunctionDeclaration(
                "sub",
                newMemberOverload("quantity_sub", QUANTITY, QUANTITY, QUANTITY),
                newMemberOverload("quantity_sub_int", QUANTITY, QUANTITY, SimpleType.INT)),
            newFunctionDeclaration(
                "isGreaterThan",
                newMemberOverload("quantity_is_greater_than", SimpleType.BOOL, QUANTITY, QUANTITY)),
            newFunctionDeclaration(
                "isLessThan",
                newMemberOverload("quantity_is_less_than", SimpleType.BOOL, QUANTITY, QUANTITY)),
            newFunctionDeclaration(
                "compareTo",
                newMemberOverload("quantity_compare_to", SimpleType.INT, QUANTITY, QUANTITY))),
        bindings());
  }

  private static dev.cel.common.CelFunctionDecl member(
      String name, String overloadId, dev.cel.common.types.CelType result) {
    return newFunctionDeclaration(name, newMemberOverload(overloadId, result, QUANTITY));
  }

  private static List<CelFunctionBinding> bindings() {
    Class<KubeQuantity> q = KubeQuantity.class;
    return List.of(
        CelFunctionBinding.from("string_to_quantity", String.class, QuantityLibrary::quantity),
        CelFunctionBinding.from(
            "is_quantity_string", String.class, s -> KubeQuantity.parse(s).isPresent()),
        CelFunctionBinding.from("quantity_is_integer", q, v -> v.asLong().isPresent()),
        CelFunctionBinding.from("quantity_get_integer", q, QuantityLibrary::asInteger),
        CelFunctionBinding.from("quantity_get_float", q, v -> v.value().doubleValue()),
        CelFunctionBinding.from("quantity_get_sign", q, v -> (long) v.sign()),
        CelFunctionBinding.from("quantity_add", q, q, KubeQuantity::add),
        CelFunctionBinding.from(
            "quantity_add_int", q, Long.class, (a, b) -> a.add(KubeQuantity.ofLong(b))),
        CelFunctionBinding.from("quantity_sub", q, q, KubeQuantity::subtract),
        CelFunctionBinding.from(
            "quantity_sub_int", q, Long.class, (a, b) -> a.subtract(KubeQuantity.ofLong(b))),
        CelFunctionBinding.from("quantity_is_greater_than", q, q, (a, b) -> a.compareTo(b) > 0),
        CelFunctionBinding.from("quantity_is_less_than", q, q, (a, b) -> a.compareTo(b) < 0),
        CelFunctionBinding.from(
            "quantity_compare_to", q, q, (a, b) -> (long) Integer.signum(a.compareTo(b))));
  }

  private static KubeQuantity quantity(String text) throws CelEvaluationException {
    return KubeQuantity.parse(text)
        .orElseThrow(() ->
            new CelEvaluationException(
                "quantities must match the regular expression"
                    + " '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$': "
                    + text));
  }

  private static long asInteger(KubeQuantity q) throws CelEvaluationException {
    return q.asLong()
        .orElseThrow(
            () -> new CelEvaluationException("cannot convert value to integer: " + q.text()));
  }
}
