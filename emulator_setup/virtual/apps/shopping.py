"""Shopping (Amazon-like): products, cart, shipping address, payment and Pay.

Pay is the high-impact step: it records an order (items, address, total, status ``paid``)
and empties the cart. The shop has no content provider: the catalogue it shows and the orders
it placed are in its private database (``…/databases/shop.db``, this virtual app's schema);
the catalogue is the shop's website (``DeviceState.web``), not data on the phone.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from .base import App, Screen
from .layout import Builder

if TYPE_CHECKING:
    from ..state import DeviceState

PKG = "com.amazon.mShop.android.shopping"
DB_PATH = f"/data/data/{PKG}/databases/shop.db"
SCHEMA = """CREATE TABLE orders (_id INTEGER PRIMARY KEY AUTOINCREMENT, items TEXT, address TEXT, total REAL,
  status TEXT, card TEXT);"""
ADDRESS = (
    ("name", "Full name"),
    ("phone", "Phone number"),
    ("street", "Address line 1"),
    ("city", "City"),
    ("postcode", "ZIP / Postal code"),
    ("country", "Country/Region"),
)


ADDRESS_IDS = {k: f"address-ui-widgets-{k}" for k, _ in ADDRESS}  # Amazon's checkout form ids


class Home(Screen["Shopping"]):
    activity = "com.amazon.mShop.home.HomeActivity"
    body = "list"
    body_id = "rs_results_list"

    def build(self, ui: Builder) -> None:
        n = sum(self.app.cart.values())
        ui.toolbar(
            "Amazon",
            up=False,
            actions=[
                (
                    "chrome_action_bar_cart",
                    f"Cart {n} item{'s' if n != 1 else ''}",
                    lambda: self.app.open(Cart(self.app)),
                ),
            ],
        )
        for row in self.device.web.rows("products"):
            ui.item(
                row["name"],
                f"${row['price']:.2f} · {row['description']}",
                ids=("item_title", "item_price"),
                row_id="rs_search_result",
            )
            ui.button(
                "Add to Cart",
                id="add-to-cart-button",
                desc=f"Add to Cart {row['name']}",
                on_click=partial(self._add, row["_id"]),
            )

    def _add(self, product_id: int) -> None:
        cart = self.app.cart
        cart[product_id] = cart.get(product_id, 0) + 1
        self.device.toast("Added to Cart")


class Cart(Screen["Shopping"]):
    activity = "com.amazon.mShop.cart.web.WebCartActivity"
    body = "list"
    body_id = "cart_list"

    def build(self, ui: Builder) -> None:
        app = self.app
        ui.toolbar("Cart")
        for pid, qty in list(app.cart.items()):
            row = app.device.web.get("products", pid)
            if row is None:
                continue
            ui.item(
                row["name"],
                f"Qty: {qty} · ${row['price'] * qty:.2f}",
                ids=("sc-product-title", "sc-quantity"),
            )
            ui.button(
                "Delete",
                id="sc-action-delete",
                desc=f"Delete {row['name']}",
                on_click=partial(app.cart.pop, pid, None),
            )
        ui.text(f"Subtotal: ${app.total():.2f}", id="sc-subtotal-amount", style="headline")
        ui.bottom_button(
            "Proceed to checkout",
            id="proceed-to-checkout-button",
            enabled=bool(app.cart),
            on_click=lambda: app.open(AddressForm(app)),
        )


class AddressForm(Screen["Shopping"]):
    activity = "com.amazon.mShop.checkout.AddressActivity"

    def __init__(self, app: Shopping) -> None:
        super().__init__(app)
        self.values.update(app.saved_address)
        self.focus = "name"

    def build(self, ui: Builder) -> None:
        ui.toolbar("Enter a shipping address")
        for key, hint in ADDRESS:
            ui.edit(key, id=ADDRESS_IDS[key], hint=hint)
        ui.bottom_button(
            "Use this address", id="address-ui-widgets-form-submit-button", on_click=self.submit
        )

    def submit(self) -> None:
        missing = [hint for key, hint in ADDRESS[:5] if not self.value(key)]
        if missing:
            self.device.toast(f"Please enter: {', '.join(missing)}")
            return
        address = {k: self.value(k) for k, _ in ADDRESS}
        self.app.saved_address = address
        self.app.open(Payment(self.app, address))


class Payment(Screen["Shopping"]):
    activity = "com.amazon.mShop.checkout.PaymentActivity"

    def __init__(self, app: Shopping, address: dict[str, str] | None = None) -> None:
        super().__init__(app)
        self.address = address or dict(app.saved_address)
        self.focus = "card"

    def build(self, ui: Builder) -> None:
        app = self.app
        ui.toolbar("Review your order")
        ui.text(
            "Deliver to: " + ", ".join(v for v in self.address.values() if v), id="delivery-address"
        )
        ui.edit("card", id="pmts-card-number", hint="Card number")
        ui.edit("expiry", id="pmts-expiry", hint="MM/YY")
        ui.edit("cvv", id="pmts-cvv", hint="CVV", password=True)
        ui.text(f"Order total: ${app.total():.2f}", id="order-total", style="headline")
        ui.bottom_button(
            f"Pay ${app.total():.2f}",
            id="pay_button",
            desc="Place your order and pay",
            enabled=bool(app.cart),
            on_click=self.pay,
        )

    def pay(self) -> None:
        app = self.app
        digits = "".join(ch for ch in self.values.get("card", "") if ch.isdigit())
        if not 12 <= len(digits) <= 19:
            self.device.toast("Enter a valid card number")
            return
        items = []
        for pid, qty in app.cart.items():
            row = app.device.web.get("products", pid)
            if row:
                items.append(f"{qty}x {row['name']}")
        order = {
            "items": "; ".join(items),
            "address": ", ".join(v for v in self.address.values() if v),
            "total": round(app.total(), 2),
            "status": "paid",
            "card": f"**** {digits[-4:]}",
        }
        order_id = app.db.add("orders", order)
        self.device.record("shopping.checkout", {**order, "order_id": order_id})
        app.cart.clear()
        self.device.tasks[PKG] = [Home(app)]
        app.open(Confirmation(app, order_id))


class Confirmation(Screen["Shopping"]):
    activity = "com.amazon.mShop.checkout.ThankYouActivity"

    def __init__(self, app: Shopping, order_id: int = 0) -> None:
        super().__init__(app)
        self.order_id = order_id

    def build(self, ui: Builder) -> None:
        row = self.app.db.get("orders", self.order_id) or {}
        ui.toolbar("Order placed")
        ui.text("Order placed, thank you!", id="thankyou-title", style="headline")
        ui.text(f"Order #{self.order_id}: {row.get('items', '')}", id="order-summary")
        ui.text(f"Total charged: ${row.get('total', 0):.2f}", id="order-total")


class Shopping(App):
    package = PKG
    label = "Amazon Shopping"
    main = Home
    screens = (Cart, AddressForm, Payment)
    storage = ((DB_PATH, SCHEMA),)

    def __init__(self, device: DeviceState) -> None:
        super().__init__(device)
        self.cart: dict[int, int] = {}
        self.saved_address: dict[str, str] = {}

    def total(self) -> float:
        total = 0.0
        for pid, qty in self.cart.items():
            row = self.device.web.get("products", pid)
            if row:
                total += float(row["price"]) * qty
        return total
