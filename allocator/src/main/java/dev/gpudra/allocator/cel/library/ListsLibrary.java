package dev.gpudra.allocator.cel.library;

import static dev.cel.common.CelFunctionDecl.newFunctionDeclaration;
import static dev.cel.common.CelOverloadDecl.newMemberOverload;

import com.google.common.primitives.UnsignedLong;
import dev.cel.common.types.CelType;
import dev.cel.common.types.ListType;
import dev.cel.common.types.SimpleType;
import dev.cel.common.types.TypeParamType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import java.util.List;

/**
 * The Kubernetes lists library: {@code isSorted}, {@code sum}, {@code min}, {@code max}, {@code
 * indexOf} and {@code lastIndexOf} on lists (cel-java's lists extension has the cel-go v3 set but
 * not these).
 */
public final class ListsLibrary {
  private static final TypeParamType T = TypeParamType.create("T");
  private static final ListType LIST_T = ListType.create(T);

  private final EqualityLibrary equality;
  private final ValueOrdering ordering = new ValueOrdering();

  /** Element equality for {@code indexOf} is the environment's equality. */
  public ListsLibrary(EqualityLibrary equality) {
    this.equality = equality;
  }

  /** The declarations and bindings. */
  public FunctionLibrary library() {
    return new FunctionLibrary(
        List.of(
            newFunctionDeclaration(
                "isSorted", newMemberOverload("list_is_sorted", SimpleType.BOOL, LIST_T)),
            newFunctionDeclaration(
                "sum",
                sum("list_int_sum", SimpleType.INT),
                sum("list_uint_sum", SimpleType.UINT),
                sum("list_double_sum", SimpleType.DOUBLE)),
            newFunctionDeclaration("min", newMemberOverload("list_min", T, LIST_T)),
            newFunctionDeclaration("max", newMemberOverload("list_max", T, LIST_T)),
            newFunctionDeclaration(
                "indexOf", newMemberOverload("list_index_of", SimpleType.INT, LIST_T, T)),
            newFunctionDeclaration(
                "lastIndexOf", newMemberOverload("list_last_index_of", SimpleType.INT, LIST_T, T))),
        List.of(
            CelFunctionBinding.from("list_is_sorted", List.class, this::isSorted),
            CelFunctionBinding.from("list_int_sum", List.class, ListsLibrary::sumInt),
            CelFunctionBinding.from("list_uint_sum", List.class, ListsLibrary::sumUint),
            CelFunctionBinding.from("list_double_sum", List.class, ListsLibrary::sumDouble),
            CelFunctionBinding.from("list_min", List.class, l -> extreme(l, -1)),
            CelFunctionBinding.from("list_max", List.class, l -> extreme(l, 1)),
            CelFunctionBinding.from("list_index_of", List.class, Object.class, this::indexOf),
            CelFunctionBinding.from(
                "list_last_index_of", List.class, Object.class, this::lastIndexOf)));
  }

  private static dev.cel.common.CelOverloadDecl sum(String id, CelType element) {
    return newMemberOverload(id, element, ListType.create(element));
  }

  private boolean isSorted(List<?> list) throws CelEvaluationException {
    for (int i = 1; i < list.size(); i++) {
      if (ordering.compare(list.get(i - 1), list.get(i)) > 0) {
        return false;
      }
    }
    return true;
  }

  private Object extreme(List<?> list, int direction) throws CelEvaluationException {
    if (list.isEmpty()) {
      throw new CelEvaluationException((direction < 0 ? "min" : "max") + " of an empty list");
    }
    Object best = list.get(0);
    for (Object candidate : list) {
      if (ordering.compare(candidate, best) * direction > 0) {
        best = candidate;
      }
    }
    return best;
  }

  private long indexOf(List<?> list, Object value) throws CelEvaluationException {
    for (int i = 0; i < list.size(); i++) {
      if (equality.equal(list.get(i), value)) {
        return i;
      }
    }
    return -1;
  }

  private long lastIndexOf(List<?> list, Object value) throws CelEvaluationException {
    for (int i = list.size() - 1; i >= 0; i--) {
      if (equality.equal(list.get(i), value)) {
        return i;
      }
    }
    return -1;
  }

  private static long sumInt(List<?> list) {
    long total = 0;
    for (Object o : list) {
      total = Math.addExact(total, (Long) o);
    }
    return total;
  }

  private static UnsignedLong sumUint(List<?> list) {
    UnsignedLong total = UnsignedLong.ZERO;
    for (Object o : list) {
      total = total.plus((UnsignedLong) o);
    }
    return total;
  }

  private static double sumDouble(List<?> list) {
    double total = 0;
    for (Object o : list) {
      total += (Double) o;
    }
    return total;
  }
}
