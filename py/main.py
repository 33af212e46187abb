from pyscript import document
document.getElementById("boot").remove()
app = document.getElementById("app")
app.hidden = False
app.textContent = "hello from python"
